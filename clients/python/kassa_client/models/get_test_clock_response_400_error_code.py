from typing import Literal

GetTestClockResponse400ErrorCode = Literal["BAD_REQUEST"]

GET_TEST_CLOCK_RESPONSE_400_ERROR_CODE_VALUES: set[GetTestClockResponse400ErrorCode] = {
    "BAD_REQUEST",
}


def check_get_test_clock_response_400_error_code(
    value: str,
) -> GetTestClockResponse400ErrorCode:
    if value in GET_TEST_CLOCK_RESPONSE_400_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_TEST_CLOCK_RESPONSE_400_ERROR_CODE_VALUES!r}"
    )
