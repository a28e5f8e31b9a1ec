from typing import Literal

AuthorizeContractResponse403ErrorCode = Literal["AUTH_INVALID_PROJECT"]

AUTHORIZE_CONTRACT_RESPONSE_403_ERROR_CODE_VALUES: set[
    AuthorizeContractResponse403ErrorCode
] = {
    "AUTH_INVALID_PROJECT",
}


def check_authorize_contract_response_403_error_code(
    value: str,
) -> AuthorizeContractResponse403ErrorCode:
    if value in AUTHORIZE_CONTRACT_RESPONSE_403_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {AUTHORIZE_CONTRACT_RESPONSE_403_ERROR_CODE_VALUES!r}"
    )
