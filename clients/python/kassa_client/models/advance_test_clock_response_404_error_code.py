from typing import Literal

AdvanceTestClockResponse404ErrorCode = Literal["NOT_FOUND", "TEST_CLOCK_NOT_FOUND"]

ADVANCE_TEST_CLOCK_RESPONSE_404_ERROR_CODE_VALUES: set[
    AdvanceTestClockResponse404ErrorCode
] = {
    "NOT_FOUND",
    "TEST_CLOCK_NOT_FOUND",
}


def check_advance_test_clock_response_404_error_code(
    value: str,
) -> AdvanceTestClockResponse404ErrorCode:
    if value in ADVANCE_TEST_CLOCK_RESPONSE_404_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {ADVANCE_TEST_CLOCK_RESPONSE_404_ERROR_CODE_VALUES!r}"
    )
