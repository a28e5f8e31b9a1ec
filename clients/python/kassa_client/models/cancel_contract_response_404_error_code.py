from typing import Literal

CancelContractResponse404ErrorCode = Literal["CONTRACT_NOT_FOUND"]

CANCEL_CONTRACT_RESPONSE_404_ERROR_CODE_VALUES: set[
    CancelContractResponse404ErrorCode
] = {
    "CONTRACT_NOT_FOUND",
}


def check_cancel_contract_response_404_error_code(
    value: str,
) -> CancelContractResponse404ErrorCode:
    if value in CANCEL_CONTRACT_RESPONSE_404_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CANCEL_CONTRACT_RESPONSE_404_ERROR_CODE_VALUES!r}"
    )
