from typing import Literal

ResetTestDataResponse409ErrorCode = Literal["IDEMPOTENCY_KEY_IN_USE"]

RESET_TEST_DATA_RESPONSE_409_ERROR_CODE_VALUES: set[
    ResetTestDataResponse409ErrorCode
] = {
    "IDEMPOTENCY_KEY_IN_USE",
}


def check_reset_test_data_response_409_error_code(
    value: str,
) -> ResetTestDataResponse409ErrorCode:
    if value in RESET_TEST_DATA_RESPONSE_409_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {RESET_TEST_DATA_RESPONSE_409_ERROR_CODE_VALUES!r}"
    )
