from typing import Literal

TestClockStatus = Literal["advancing", "ready"]

TEST_CLOCK_STATUS_VALUES: set[TestClockStatus] = {
    "advancing",
    "ready",
}


def check_test_clock_status(value: str) -> TestClockStatus:
    if value in TEST_CLOCK_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {TEST_CLOCK_STATUS_VALUES!r}"
    )
