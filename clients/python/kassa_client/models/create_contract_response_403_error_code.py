from typing import Literal

CreateContractResponse403ErrorCode = Literal["AUTH_INVALID_PROJECT"]

CREATE_CONTRACT_RESPONSE_403_ERROR_CODE_VALUES: set[
    CreateContractResponse403ErrorCode
] = {
    "AUTH_INVALID_PROJECT",
}


def check_create_contract_response_403_error_code(
    value: str,
) -> CreateContractResponse403ErrorCode:
    if value in CREATE_CONTRACT_RESPONSE_403_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_CONTRACT_RESPONSE_403_ERROR_CODE_VALUES!r}"
    )
