from typing import Literal

AdvanceTestClockResponse403ErrorCode = Literal["AUTH_INVALID_PROJECT"]

ADVANCE_TEST_CLOCK_RESPONSE_403_ERROR_CODE_VALUES: set[
    AdvanceTestClockResponse403ErrorCode
] = {
    "AUTH_INVALID_PROJECT",
}


def check_advance_test_clock_response_403_error_code(
    value: str,
) -> AdvanceTestClockResponse403ErrorCode:
    if value in ADVANCE_TEST_CLOCK_RESPONSE_403_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {ADVANCE_TEST_CLOCK_RESPONSE_403_ERROR_CODE_VALUES!r}"
    )
