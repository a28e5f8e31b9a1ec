from typing import Literal

DeleteTestClockResponse403ErrorCode = Literal["AUTH_INVALID_PROJECT"]

DELETE_TEST_CLOCK_RESPONSE_403_ERROR_CODE_VALUES: set[
    DeleteTestClockResponse403ErrorCode
] = {
    "AUTH_INVALID_PROJECT",
}


def check_delete_test_clock_response_403_error_code(
    value: str,
) -> DeleteTestClockResponse403ErrorCode:
    if value in DELETE_TEST_CLOCK_RESPONSE_403_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {DELETE_TEST_CLOCK_RESPONSE_403_ERROR_CODE_VALUES!r}"
    )
