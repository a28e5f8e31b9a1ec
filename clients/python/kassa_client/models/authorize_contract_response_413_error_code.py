from typing import Literal

AuthorizeContractResponse413ErrorCode = Literal["BAD_REQUEST"]

AUTHORIZE_CONTRACT_RESPONSE_413_ERROR_CODE_VALUES: set[
    AuthorizeContractResponse413ErrorCode
] = {
    "BAD_REQUEST",
}


def check_authorize_contract_response_413_error_code(
    value: str,
) -> AuthorizeContractResponse413ErrorCode:
    if value in AUTHORIZE_CONTRACT_RESPONSE_413_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {AUTHORIZE_CONTRACT_RESPONSE_413_ERROR_CODE_VALUES!r}"
    )
