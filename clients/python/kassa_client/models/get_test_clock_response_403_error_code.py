from typing import Literal

GetTestClockResponse403ErrorCode = Literal["AUTH_INVALID_PROJECT"]

GET_TEST_CLOCK_RESPONSE_403_ERROR_CODE_VALUES: set[GetTestClockResponse403ErrorCode] = {
    "AUTH_INVALID_PROJECT",
}


def check_get_test_clock_response_403_error_code(
    value: str,
) -> GetTestClockResponse403ErrorCode:
    if value in GET_TEST_CLOCK_RESPONSE_403_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_TEST_CLOCK_RESPONSE_403_ERROR_CODE_VALUES!r}"
    )
