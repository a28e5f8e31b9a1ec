from typing import Literal

CreateContractResponse413ErrorCode = Literal["BAD_REQUEST"]

CREATE_CONTRACT_RESPONSE_413_ERROR_CODE_VALUES: set[
    CreateContractResponse413ErrorCode
] = {
    "BAD_REQUEST",
}


def check_create_contract_response_413_error_code(
    value: str,
) -> CreateContractResponse413ErrorCode:
    if value in CREATE_CONTRACT_RESPONSE_413_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_CONTRACT_RESPONSE_413_ERROR_CODE_VALUES!r}"
    )
