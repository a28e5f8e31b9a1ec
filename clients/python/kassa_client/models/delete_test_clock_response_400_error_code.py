from typing import Literal

DeleteTestClockResponse400ErrorCode = Literal["BAD_REQUEST"]

DELETE_TEST_CLOCK_RESPONSE_400_ERROR_CODE_VALUES: set[
    DeleteTestClockResponse400ErrorCode
] = {
    "BAD_REQUEST",
}


def check_delete_test_clock_response_400_error_code(
    value: str,
) -> DeleteTestClockResponse400ErrorCode:
    if value in DELETE_TEST_CLOCK_RESPONSE_400_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {DELETE_TEST_CLOCK_RESPONSE_400_ERROR_CODE_VALUES!r}"
    )
