from typing import Literal

GetTestClockResponse503ErrorCode = Literal["SERVICE_UNAVAILABLE"]

GET_TEST_CLOCK_RESPONSE_503_ERROR_CODE_VALUES: set[GetTestClockResponse503ErrorCode] = {
    "SERVICE_UNAVAILABLE",
}


def check_get_test_clock_response_503_error_code(
    value: str,
) -> GetTestClockResponse503ErrorCode:
    if value in GET_TEST_CLOCK_RESPONSE_503_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_TEST_CLOCK_RESPONSE_503_ERROR_CODE_VALUES!r}"
    )
