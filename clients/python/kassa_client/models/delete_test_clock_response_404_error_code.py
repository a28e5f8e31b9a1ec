from typing import Literal

DeleteTestClockResponse404ErrorCode = Literal["NOT_FOUND", "TEST_CLOCK_NOT_FOUND"]

DELETE_TEST_CLOCK_RESPONSE_404_ERROR_CODE_VALUES: set[
    DeleteTestClockResponse404ErrorCode
] = {
    "NOT_FOUND",
    "TEST_CLOCK_NOT_FOUND",
}


def check_delete_test_clock_response_404_error_code(
    value: str,
) -> DeleteTestClockResponse404ErrorCode:
    if value in DELETE_TEST_CLOCK_RESPONSE_404_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {DELETE_TEST_CLOCK_RESPONSE_404_ERROR_CODE_VALUES!r}"
    )
