from typing import Literal

CreateContractResponse409ErrorCode = Literal[
    "CONTRACT_ALREADY_EXISTS", "CONTRACT_DRAFT_EXISTS", "IDEMPOTENCY_KEY_IN_USE"
]

CREATE_CONTRACT_RESPONSE_409_ERROR_CODE_VALUES: set[
    CreateContractResponse409ErrorCode
] = {
    "CONTRACT_ALREADY_EXISTS",
    "CONTRACT_DRAFT_EXISTS",
    "IDEMPOTENCY_KEY_IN_USE",
}


def check_create_contract_response_409_error_code(
    value: str,
) -> CreateContractResponse409ErrorCode:
    if value in CREATE_CONTRACT_RESPONSE_409_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_CONTRACT_RESPONSE_409_ERROR_CODE_VALUES!r}"
    )
