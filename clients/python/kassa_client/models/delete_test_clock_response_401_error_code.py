from typing import Literal

DeleteTestClockResponse401ErrorCode = Literal[
    "AUTH_INVALID_SIGNATURE", "AUTH_INVALID_TIMESTAMP"
]

DELETE_TEST_CLOCK_RESPONSE_401_ERROR_CODE_VALUES: set[
    DeleteTestClockResponse401ErrorCode
] = {
    "AUTH_INVALID_SIGNATURE",
    "AUTH_INVALID_TIMESTAMP",
}


def check_delete_test_clock_response_401_error_code(
    value: str,
) -> DeleteTestClockResponse401ErrorCode:
    if value in DELETE_TEST_CLOCK_RESPONSE_401_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {DELETE_TEST_CLOCK_RESPONSE_401_ERROR_CODE_VALUES!r}"
    )
