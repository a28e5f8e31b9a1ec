from typing import Literal

CreateContractResponse400ErrorCode = Literal["BAD_REQUEST", "TEST_CLOCK_LIMIT_EXCEEDED"]

CREATE_CONTRACT_RESPONSE_400_ERROR_CODE_VALUES: set[
    CreateContractResponse400ErrorCode
] = {
    "BAD_REQUEST",
    "TEST_CLOCK_LIMIT_EXCEEDED",
}


def check_create_contract_response_400_error_code(
    value: str,
) -> CreateContractResponse400ErrorCode:
    if value in CREATE_CONTRACT_RESPONSE_400_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_CONTRACT_RESPONSE_400_ERROR_CODE_VALUES!r}"
    )
