from typing import Literal

AdvanceTestClockResponse409ErrorCode = Literal[
    "IDEMPOTENCY_KEY_IN_USE", "TEST_CLOCK_ADVANCING"
]

ADVANCE_TEST_CLOCK_RESPONSE_409_ERROR_CODE_VALUES: set[
    AdvanceTestClockResponse409ErrorCode
] = {
    "IDEMPOTENCY_KEY_IN_USE",
    "TEST_CLOCK_ADVANCING",
}


def check_advance_test_clock_response_409_error_code(
    value: str,
) -> AdvanceTestClockResponse409ErrorCode:
    if value in ADVANCE_TEST_CLOCK_RESPONSE_409_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {ADVANCE_TEST_CLOCK_RESPONSE_409_ERROR_CODE_VALUES!r}"
    )
