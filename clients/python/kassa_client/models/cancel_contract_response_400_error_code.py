from typing import Literal

CancelContractResponse400ErrorCode = Literal["BAD_REQUEST"]

CANCEL_CONTRACT_RESPONSE_400_ERROR_CODE_VALUES: set[
    CancelContractResponse400ErrorCode
] = {
    "BAD_REQUEST",
}


def check_cancel_contract_response_400_error_code(
    value: str,
) -> CancelContractResponse400ErrorCode:
    if value in CANCEL_CONTRACT_RESPONSE_400_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CANCEL_CONTRACT_RESPONSE_400_ERROR_CODE_VALUES!r}"
    )
