from typing import Literal

CreateContractResponse503ErrorCode = Literal["SERVICE_UNAVAILABLE"]

CREATE_CONTRACT_RESPONSE_503_ERROR_CODE_VALUES: set[
    CreateContractResponse503ErrorCode
] = {
    "SERVICE_UNAVAILABLE",
}


def check_create_contract_response_503_error_code(
    value: str,
) -> CreateContractResponse503ErrorCode:
    if value in CREATE_CONTRACT_RESPONSE_503_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_CONTRACT_RESPONSE_503_ERROR_CODE_VALUES!r}"
    )
