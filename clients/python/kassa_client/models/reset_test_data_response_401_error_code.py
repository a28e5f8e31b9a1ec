from typing import Literal

ResetTestDataResponse401ErrorCode = Literal[
    "AUTH_INVALID_SIGNATURE", "AUTH_INVALID_TIMESTAMP"
]

RESET_TEST_DATA_RESPONSE_401_ERROR_CODE_VALUES: set[
    ResetTestDataResponse401ErrorCode
] = {
    "AUTH_INVALID_SIGNATURE",
    "AUTH_INVALID_TIMESTAMP",
}


def check_reset_test_data_response_401_error_code(
    value: str,
) -> ResetTestDataResponse401ErrorCode:
    if value in RESET_TEST_DATA_RESPONSE_401_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {RESET_TEST_DATA_RESPONSE_401_ERROR_CODE_VALUES!r}"
    )
