from typing import Literal

DeleteTestClockResponse409ErrorCode = Literal["TEST_CLOCK_ADVANCING"]

DELETE_TEST_CLOCK_RESPONSE_409_ERROR_CODE_VALUES: set[
    DeleteTestClockResponse409ErrorCode
] = {
    "TEST_CLOCK_ADVANCING",
}


def check_delete_test_clock_response_409_error_code(
    value: str,
) -> DeleteTestClockResponse409ErrorCode:
    if value in DELETE_TEST_CLOCK_RESPONSE_409_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {DELETE_TEST_CLOCK_RESPONSE_409_ERROR_CODE_VALUES!r}"
    )
