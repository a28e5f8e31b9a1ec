from typing import Literal

AdvanceTestClockWait = Literal["false", "true"]

ADVANCE_TEST_CLOCK_WAIT_VALUES: set[AdvanceTestClockWait] = {
    "false",
    "true",
}


def check_advance_test_clock_wait(value: str) -> AdvanceTestClockWait:
    if value in ADVANCE_TEST_CLOCK_WAIT_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {ADVANCE_TEST_CLOCK_WAIT_VALUES!r}"
    )
