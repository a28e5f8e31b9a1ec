from typing import Literal

CreateContractResponse401ErrorCode = Literal[
    "AUTH_INVALID_SIGNATURE", "AUTH_INVALID_TIMESTAMP"
]

CREATE_CONTRACT_RESPONSE_401_ERROR_CODE_VALUES: set[
    CreateContractResponse401ErrorCode
] = {
    "AUTH_INVALID_SIGNATURE",
    "AUTH_INVALID_TIMESTAMP",
}


def check_create_contract_response_401_error_code(
    value: str,
) -> CreateContractResponse401ErrorCode:
    if value in CREATE_CONTRACT_RESPONSE_401_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_CONTRACT_RESPONSE_401_ERROR_CODE_VALUES!r}"
    )
