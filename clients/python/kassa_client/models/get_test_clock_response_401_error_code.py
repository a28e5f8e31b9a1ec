from typing import Literal

GetTestClockResponse401ErrorCode = Literal[
    "AUTH_INVALID_SIGNATURE", "AUTH_INVALID_TIMESTAMP"
]

GET_TEST_CLOCK_RESPONSE_401_ERROR_CODE_VALUES: set[GetTestClockResponse401ErrorCode] = {
    "AUTH_INVALID_SIGNATURE",
    "AUTH_INVALID_TIMESTAMP",
}


def check_get_test_clock_response_401_error_code(
    value: str,
) -> GetTestClockResponse401ErrorCode:
    if value in GET_TEST_CLOCK_RESPONSE_401_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_TEST_CLOCK_RESPONSE_401_ERROR_CODE_VALUES!r}"
    )
