from typing import Literal

ResetTestDataResponse400ErrorCode = Literal["BAD_REQUEST"]

RESET_TEST_DATA_RESPONSE_400_ERROR_CODE_VALUES: set[
    ResetTestDataResponse400ErrorCode
] = {
    "BAD_REQUEST",
}


def check_reset_test_data_response_400_error_code(
    value: str,
) -> ResetTestDataResponse400ErrorCode:
    if value in RESET_TEST_DATA_RESPONSE_400_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {RESET_TEST_DATA_RESPONSE_400_ERROR_CODE_VALUES!r}"
    )
