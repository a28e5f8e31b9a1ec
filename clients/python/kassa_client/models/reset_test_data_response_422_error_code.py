from typing import Literal

ResetTestDataResponse422ErrorCode = Literal["IDEMPOTENCY_KEY_MISMATCH"]

RESET_TEST_DATA_RESPONSE_422_ERROR_CODE_VALUES: set[
    ResetTestDataResponse422ErrorCode
] = {
    "IDEMPOTENCY_KEY_MISMATCH",
}


def check_reset_test_data_response_422_error_code(
    value: str,
) -> ResetTestDataResponse422ErrorCode:
    if value in RESET_TEST_DATA_RESPONSE_422_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {RESET_TEST_DATA_RESPONSE_422_ERROR_CODE_VALUES!r}"
    )
