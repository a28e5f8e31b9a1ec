from typing import Literal

CreateContractResponse422ErrorCode = Literal[
    "IDEMPOTENCY_KEY_MISMATCH", "PIN_NOT_DELIVERED"
]

CREATE_CONTRACT_RESPONSE_422_ERROR_CODE_VALUES: set[
    CreateContractResponse422ErrorCode
] = {
    "IDEMPOTENCY_KEY_MISMATCH",
    "PIN_NOT_DELIVERED",
}


def check_create_contract_response_422_error_code(
    value: str,
) -> CreateContractResponse422ErrorCode:
    if value in CREATE_CONTRACT_RESPONSE_422_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_CONTRACT_RESPONSE_422_ERROR_CODE_VALUES!r}"
    )
