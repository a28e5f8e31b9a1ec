from typing import Literal

CreateTestClockResponse409ErrorCode = Literal["IDEMPOTENCY_KEY_IN_USE"]

CREATE_TEST_CLOCK_RESPONSE_409_ERROR_CODE_VALUES: set[
    CreateTestClockResponse409ErrorCode
] = {
    "IDEMPOTENCY_KEY_IN_USE",
}


def check_create_test_clock_response_409_error_code(
    value: str,
) -> CreateTestClockResponse409ErrorCode:
    if value in CREATE_TEST_CLOCK_RESPONSE_409_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_TEST_CLOCK_RESPONSE_409_ERROR_CODE_VALUES!r}"
    )
