from typing import Literal

AdvanceTestClockResponse503ErrorCode = Literal["SERVICE_UNAVAILABLE"]

ADVANCE_TEST_CLOCK_RESPONSE_503_ERROR_CODE_VALUES: set[
    AdvanceTestClockResponse503ErrorCode
] = {
    "SERVICE_UNAVAILABLE",
}


def check_advance_test_clock_response_503_error_code(
    value: str,
) -> AdvanceTestClockResponse503ErrorCode:
    if value in ADVANCE_TEST_CLOCK_RESPONSE_503_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {ADVANCE_TEST_CLOCK_RESPONSE_503_ERROR_CODE_VALUES!r}"
    )
