from typing import Literal

CreateTestClockResponse400ErrorCode = Literal[
    "BAD_REQUEST", "TEST_CLOCK_LIMIT_EXCEEDED"
]

CREATE_TEST_CLOCK_RESPONSE_400_ERROR_CODE_VALUES: set[
    CreateTestClockResponse400ErrorCode
] = {
    "BAD_REQUEST",
    "TEST_CLOCK_LIMIT_EXCEEDED",
}


def check_create_test_clock_response_400_error_code(
    value: str,
) -> CreateTestClockResponse400ErrorCode:
    if value in CREATE_TEST_CLOCK_RESPONSE_400_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_TEST_CLOCK_RESPONSE_400_ERROR_CODE_VALUES!r}"
    )
