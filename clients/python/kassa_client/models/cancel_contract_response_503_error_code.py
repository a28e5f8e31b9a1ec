from typing import Literal

CancelContractResponse503ErrorCode = Literal["SERVICE_UNAVAILABLE"]

CANCEL_CONTRACT_RESPONSE_503_ERROR_CODE_VALUES: set[
    CancelContractResponse503ErrorCode
] = {
    "SERVICE_UNAVAILABLE",
}


def check_cancel_contract_response_503_error_code(
    value: str,
) -> CancelContractResponse503ErrorCode:
    if value in CANCEL_CONTRACT_RESPONSE_503_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CANCEL_CONTRACT_RESPONSE_503_ERROR_CODE_VALUES!r}"
    )
