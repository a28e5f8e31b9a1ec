from typing import Literal

AdvanceTestClockResponse413ErrorCode = Literal["BAD_REQUEST"]

ADVANCE_TEST_CLOCK_RESPONSE_413_ERROR_CODE_VALUES: set[
    AdvanceTestClockResponse413ErrorCode
] = {
    "BAD_REQUEST",
}


def check_advance_test_clock_response_413_error_code(
    value: str,
) -> AdvanceTestClockResponse413ErrorCode:
    if value in ADVANCE_TEST_CLOCK_RESPONSE_413_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {ADVANCE_TEST_CLOCK_RESPONSE_413_ERROR_CODE_VALUES!r}"
    )
