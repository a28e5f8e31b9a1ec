from typing import Literal

CancelContractResponse422ErrorCode = Literal["IDEMPOTENCY_KEY_MISMATCH"]

CANCEL_CONTRACT_RESPONSE_422_ERROR_CODE_VALUES: set[
    CancelContractResponse422ErrorCode
] = {
    "IDEMPOTENCY_KEY_MISMATCH",
}


def check_cancel_contract_response_422_error_code(
    value: str,
) -> CancelContractResponse422ErrorCode:
    if value in CANCEL_CONTRACT_RESPONSE_422_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CANCEL_CONTRACT_RESPONSE_422_ERROR_CODE_VALUES!r}"
    )
