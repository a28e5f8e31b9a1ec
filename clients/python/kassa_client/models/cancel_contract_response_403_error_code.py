from typing import Literal

CancelContractResponse403ErrorCode = Literal["AUTH_INVALID_PROJECT"]

CANCEL_CONTRACT_RESPONSE_403_ERROR_CODE_VALUES: set[
    CancelContractResponse403ErrorCode
] = {
    "AUTH_INVALID_PROJECT",
}


def check_cancel_contract_response_403_error_code(
    value: str,
) -> CancelContractResponse403ErrorCode:
    if value in CANCEL_CONTRACT_RESPONSE_403_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CANCEL_CONTRACT_RESPONSE_403_ERROR_CODE_VALUES!r}"
    )
