from typing import Literal

AuthorizeContractResponse503ErrorCode = Literal["SERVICE_UNAVAILABLE"]

AUTHORIZE_CONTRACT_RESPONSE_503_ERROR_CODE_VALUES: set[
    AuthorizeContractResponse503ErrorCode
] = {
    "SERVICE_UNAVAILABLE",
}


def check_authorize_contract_response_503_error_code(
    value: str,
) -> AuthorizeContractResponse503ErrorCode:
    if value in AUTHORIZE_CONTRACT_RESPONSE_503_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {AUTHORIZE_CONTRACT_RESPONSE_503_ERROR_CODE_VALUES!r}"
    )
