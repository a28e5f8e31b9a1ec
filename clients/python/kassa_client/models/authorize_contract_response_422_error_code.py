from typing import Literal

AuthorizeContractResponse422ErrorCode = Literal[
    "CONTRACT_AUTH_ATTEMPTS_EXCEEDED",
    "CONTRACT_NOT_AUTHORIZED",
    "IDEMPOTENCY_KEY_MISMATCH",
]

AUTHORIZE_CONTRACT_RESPONSE_422_ERROR_CODE_VALUES: set[
    AuthorizeContractResponse422ErrorCode
] = {
    "CONTRACT_AUTH_ATTEMPTS_EXCEEDED",
    "CONTRACT_NOT_AUTHORIZED",
    "IDEMPOTENCY_KEY_MISMATCH",
}


def check_authorize_contract_response_422_error_code(
    value: str,
) -> AuthorizeContractResponse422ErrorCode:
    if value in AUTHORIZE_CONTRACT_RESPONSE_422_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {AUTHORIZE_CONTRACT_RESPONSE_422_ERROR_CODE_VALUES!r}"
    )
