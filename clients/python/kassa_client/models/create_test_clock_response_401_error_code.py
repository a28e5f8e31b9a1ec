from typing import Literal

CreateTestClockResponse401ErrorCode = Literal[
    "AUTH_INVALID_SIGNATURE", "AUTH_INVALID_TIMESTAMP"
]

CREATE_TEST_CLOCK_RESPONSE_401_ERROR_CODE_VALUES: set[
    CreateTestClockResponse401ErrorCode
] = {
    "AUTH_INVALID_SIGNATURE",
    "AUTH_INVALID_TIMESTAMP",
}


def check_create_test_clock_response_401_error_code(
    value: str,
) -> CreateTestClockResponse401ErrorCode:
    if value in CREATE_TEST_CLOCK_RESPONSE_401_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_TEST_CLOCK_RESPONSE_401_ERROR_CODE_VALUES!r}"
    )
