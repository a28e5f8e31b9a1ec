from typing import Literal

AuthorizeContractResponse401ErrorCode = Literal[
    "AUTH_INVALID_SIGNATURE", "AUTH_INVALID_TIMESTAMP"
]

AUTHORIZE_CONTRACT_RESPONSE_401_ERROR_CODE_VALUES: set[
    AuthorizeContractResponse401ErrorCode
] = {
    "AUTH_INVALID_SIGNATURE",
    "AUTH_INVALID_TIMESTAMP",
}


def check_authorize_contract_response_401_error_code(
    value: str,
) -> AuthorizeContractResponse401ErrorCode:
    if value in AUTHORIZE_CONTRACT_RESPONSE_401_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {AUTHORIZE_CONTRACT_RESPONSE_401_ERROR_CODE_VALUES!r}"
    )
