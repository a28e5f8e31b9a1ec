from typing import Literal

CreateTestClockResponse422ErrorCode = Literal["IDEMPOTENCY_KEY_MISMATCH"]

CREATE_TEST_CLOCK_RESPONSE_422_ERROR_CODE_VALUES: set[
    CreateTestClockResponse422ErrorCode
] = {
    "IDEMPOTENCY_KEY_MISMATCH",
}


def check_create_test_clock_response_422_error_code(
    value: str,
) -> CreateTestClockResponse422ErrorCode:
    if value in CREATE_TEST_CLOCK_RESPONSE_422_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_TEST_CLOCK_RESPONSE_422_ERROR_CODE_VALUES!r}"
    )
