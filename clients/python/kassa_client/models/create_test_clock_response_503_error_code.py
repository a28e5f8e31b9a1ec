from typing import Literal

CreateTestClockResponse503ErrorCode = Literal["SERVICE_UNAVAILABLE"]

CREATE_TEST_CLOCK_RESPONSE_503_ERROR_CODE_VALUES: set[
    CreateTestClockResponse503ErrorCode
] = {
    "SERVICE_UNAVAILABLE",
}


def check_create_test_clock_response_503_error_code(
    value: str,
) -> CreateTestClockResponse503ErrorCode:
    if value in CREATE_TEST_CLOCK_RESPONSE_503_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_TEST_CLOCK_RESPONSE_503_ERROR_CODE_VALUES!r}"
    )
