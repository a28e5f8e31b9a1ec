from typing import Literal

CreateTestClockResponse413ErrorCode = Literal["BAD_REQUEST"]

CREATE_TEST_CLOCK_RESPONSE_413_ERROR_CODE_VALUES: set[
    CreateTestClockResponse413ErrorCode
] = {
    "BAD_REQUEST",
}


def check_create_test_clock_response_413_error_code(
    value: str,
) -> CreateTestClockResponse413ErrorCode:
    if value in CREATE_TEST_CLOCK_RESPONSE_413_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_TEST_CLOCK_RESPONSE_413_ERROR_CODE_VALUES!r}"
    )
