from typing import Literal

AdvanceTestClockResponse400ErrorCode = Literal[
    "BAD_REQUEST", "TEST_CLOCK_LIMIT_EXCEEDED", "TEST_CLOCK_TIME_INVALID"
]

ADVANCE_TEST_CLOCK_RESPONSE_400_ERROR_CODE_VALUES: set[
    AdvanceTestClockResponse400ErrorCode
] = {
    "BAD_REQUEST",
    "TEST_CLOCK_LIMIT_EXCEEDED",
    "TEST_CLOCK_TIME_INVALID",
}


def check_advance_test_clock_response_400_error_code(
    value: str,
) -> AdvanceTestClockResponse400ErrorCode:
    if value in ADVANCE_TEST_CLOCK_RESPONSE_400_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {ADVANCE_TEST_CLOCK_RESPONSE_400_ERROR_CODE_VALUES!r}"
    )
