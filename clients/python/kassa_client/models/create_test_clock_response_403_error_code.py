from typing import Literal

CreateTestClockResponse403ErrorCode = Literal["AUTH_INVALID_PROJECT"]

CREATE_TEST_CLOCK_RESPONSE_403_ERROR_CODE_VALUES: set[
    CreateTestClockResponse403ErrorCode
] = {
    "AUTH_INVALID_PROJECT",
}


def check_create_test_clock_response_403_error_code(
    value: str,
) -> CreateTestClockResponse403ErrorCode:
    if value in CREATE_TEST_CLOCK_RESPONSE_403_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_TEST_CLOCK_RESPONSE_403_ERROR_CODE_VALUES!r}"
    )
