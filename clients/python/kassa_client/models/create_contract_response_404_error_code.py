from typing import Literal

CreateContractResponse404ErrorCode = Literal["TEST_CLOCK_NOT_FOUND"]

CREATE_CONTRACT_RESPONSE_404_ERROR_CODE_VALUES: set[
    CreateContractResponse404ErrorCode
] = {
    "TEST_CLOCK_NOT_FOUND",
}


def check_create_contract_response_404_error_code(
    value: str,
) -> CreateContractResponse404ErrorCode:
    if value in CREATE_CONTRACT_RESPONSE_404_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_CONTRACT_RESPONSE_404_ERROR_CODE_VALUES!r}"
    )
