from typing import Literal

CancelContractResponse401ErrorCode = Literal[
    "AUTH_INVALID_SIGNATURE", "AUTH_INVALID_TIMESTAMP"
]

CANCEL_CONTRACT_RESPONSE_401_ERROR_CODE_VALUES: set[
    CancelContractResponse401ErrorCode
] = {
    "AUTH_INVALID_SIGNATURE",
    "AUTH_INVALID_TIMESTAMP",
}


def check_cancel_contract_response_401_error_code(
    value: str,
) -> CancelContractResponse401ErrorCode:
    if value in CANCEL_CONTRACT_RESPONSE_401_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CANCEL_CONTRACT_RESPONSE_401_ERROR_CODE_VALUES!r}"
    )
