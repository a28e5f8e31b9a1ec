from typing import Literal

CancelContractResponse409ErrorCode = Literal["IDEMPOTENCY_KEY_IN_USE"]

CANCEL_CONTRACT_RESPONSE_409_ERROR_CODE_VALUES: set[
    CancelContractResponse409ErrorCode
] = {
    "IDEMPOTENCY_KEY_IN_USE",
}


def check_cancel_contract_response_409_error_code(
    value: str,
) -> CancelContractResponse409ErrorCode:
    if value in CANCEL_CONTRACT_RESPONSE_409_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CANCEL_CONTRACT_RESPONSE_409_ERROR_CODE_VALUES!r}"
    )
