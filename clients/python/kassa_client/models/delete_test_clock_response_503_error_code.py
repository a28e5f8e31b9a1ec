from typing import Literal

DeleteTestClockResponse503ErrorCode = Literal["SERVICE_UNAVAILABLE"]

DELETE_TEST_CLOCK_RESPONSE_503_ERROR_CODE_VALUES: set[
    DeleteTestClockResponse503ErrorCode
] = {
    "SERVICE_UNAVAILABLE",
}


def check_delete_test_clock_response_503_error_code(
    value: str,
) -> DeleteTestClockResponse503ErrorCode:
    if value in DELETE_TEST_CLOCK_RESPONSE_503_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {DELETE_TEST_CLOCK_RESPONSE_503_ERROR_CODE_VALUES!r}"
    )
