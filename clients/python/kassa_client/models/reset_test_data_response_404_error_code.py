from typing import Literal

ResetTestDataResponse404ErrorCode = Literal["NOT_FOUND"]

RESET_TEST_DATA_RESPONSE_404_ERROR_CODE_VALUES: set[
    ResetTestDataResponse404ErrorCode
] = {
    "NOT_FOUND",
}


def check_reset_test_data_response_404_error_code(
    value: str,
) -> ResetTestDataResponse404ErrorCode:
    if value in RESET_TEST_DATA_RESPONSE_404_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {RESET_TEST_DATA_RESPONSE_404_ERROR_CODE_VALUES!r}"
    )
