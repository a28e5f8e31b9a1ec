from typing import Literal

CancelContractResponse413ErrorCode = Literal["BAD_REQUEST"]

CANCEL_CONTRACT_RESPONSE_413_ERROR_CODE_VALUES: set[
    CancelContractResponse413ErrorCode
] = {
    "BAD_REQUEST",
}


def check_cancel_contract_response_413_error_code(
    value: str,
) -> CancelContractResponse413ErrorCode:
    if value in CANCEL_CONTRACT_RESPONSE_413_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CANCEL_CONTRACT_RESPONSE_413_ERROR_CODE_VALUES!r}"
    )
