from typing import Literal

AuthorizeContractResponse400ErrorCode = Literal["BAD_REQUEST"]

AUTHORIZE_CONTRACT_RESPONSE_400_ERROR_CODE_VALUES: set[
    AuthorizeContractResponse400ErrorCode
] = {
    "BAD_REQUEST",
}


def check_authorize_contract_response_400_error_code(
    value: str,
) -> AuthorizeContractResponse400ErrorCode:
    if value in AUTHORIZE_CONTRACT_RESPONSE_400_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {AUTHORIZE_CONTRACT_RESPONSE_400_ERROR_CODE_VALUES!r}"
    )
