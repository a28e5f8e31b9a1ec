from typing import Literal

AuthorizeContractResponse404ErrorCode = Literal["CONTRACT_NOT_FOUND"]

AUTHORIZE_CONTRACT_RESPONSE_404_ERROR_CODE_VALUES: set[
    AuthorizeContractResponse404ErrorCode
] = {
    "CONTRACT_NOT_FOUND",
}


def check_authorize_contract_response_404_error_code(
    value: str,
) -> AuthorizeContractResponse404ErrorCode:
    if value in AUTHORIZE_CONTRACT_RESPONSE_404_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {AUTHORIZE_CONTRACT_RESPONSE_404_ERROR_CODE_VALUES!r}"
    )
