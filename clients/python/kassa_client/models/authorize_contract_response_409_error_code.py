from typing import Literal

AuthorizeContractResponse409ErrorCode = Literal[
    "CONTRACT_ALREADY_AUTHORIZED", "IDEMPOTENCY_KEY_IN_USE"
]

AUTHORIZE_CONTRACT_RESPONSE_409_ERROR_CODE_VALUES: set[
    AuthorizeContractResponse409ErrorCode
] = {
    "CONTRACT_ALREADY_AUTHORIZED",
    "IDEMPOTENCY_KEY_IN_USE",
}


def check_authorize_contract_response_409_error_code(
    value: str,
) -> AuthorizeContractResponse409ErrorCode:
    if value in AUTHORIZE_CONTRACT_RESPONSE_409_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {AUTHORIZE_CONTRACT_RESPONSE_409_ERROR_CODE_VALUES!r}"
    )
