from typing import Literal

CreateTestClockResponse404ErrorCode = Literal["NOT_FOUND"]

CREATE_TEST_CLOCK_RESPONSE_404_ERROR_CODE_VALUES: set[
    CreateTestClockResponse404ErrorCode
] = {
    "NOT_FOUND",
}


def check_create_test_clock_response_404_error_code(
    value: str,
) -> CreateTestClockResponse404ErrorCode:
    if value in CREATE_TEST_CLOCK_RESPONSE_404_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_TEST_CLOCK_RESPONSE_404_ERROR_CODE_VALUES!r}"
    )
