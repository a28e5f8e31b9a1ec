from typing import Literal

AdvanceTestClockResponse422ErrorCode = Literal["IDEMPOTENCY_KEY_MISMATCH"]

ADVANCE_TEST_CLOCK_RESPONSE_422_ERROR_CODE_VALUES: set[
    AdvanceTestClockResponse422ErrorCode
] = {
    "IDEMPOTENCY_KEY_MISMATCH",
}


def check_advance_test_clock_response_422_error_code(
    value: str,
) -> AdvanceTestClockResponse422ErrorCode:
    if value in ADVANCE_TEST_CLOCK_RESPONSE_422_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {ADVANCE_TEST_CLOCK_RESPONSE_422_ERROR_CODE_VALUES!r}"
    )
