from typing import Literal

AdvanceTestClockResponse401ErrorCode = Literal[
    "AUTH_INVALID_SIGNATURE", "AUTH_INVALID_TIMESTAMP"
]

ADVANCE_TEST_CLOCK_RESPONSE_401_ERROR_CODE_VALUES: set[
    AdvanceTestClockResponse401ErrorCode
] = {
    "AUTH_INVALID_SIGNATURE",
    "AUTH_INVALID_TIMESTAMP",
}


def check_advance_test_clock_response_401_error_code(
    value: str,
) -> AdvanceTestClockResponse401ErrorCode:
    if value in ADVANCE_TEST_CLOCK_RESPONSE_401_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {ADVANCE_TEST_CLOCK_RESPONSE_401_ERROR_CODE_VALUES!r}"
    )
