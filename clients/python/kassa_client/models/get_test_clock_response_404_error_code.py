from typing import Literal

GetTestClockResponse404ErrorCode = Literal["NOT_FOUND", "TEST_CLOCK_NOT_FOUND"]

GET_TEST_CLOCK_RESPONSE_404_ERROR_CODE_VALUES: set[GetTestClockResponse404ErrorCode] = {
    "NOT_FOUND",
    "TEST_CLOCK_NOT_FOUND",
}


def check_get_test_clock_response_404_error_code(
    value: str,
) -> GetTestClockResponse404ErrorCode:
    if value in GET_TEST_CLOCK_RESPONSE_404_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_TEST_CLOCK_RESPONSE_404_ERROR_CODE_VALUES!r}"
    )
