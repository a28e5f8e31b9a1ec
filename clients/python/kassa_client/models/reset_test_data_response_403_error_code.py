from typing import Literal

ResetTestDataResponse403ErrorCode = Literal["AUTH_INVALID_PROJECT"]

RESET_TEST_DATA_RESPONSE_403_ERROR_CODE_VALUES: set[
    ResetTestDataResponse403ErrorCode
] = {
    "AUTH_INVALID_PROJECT",
}


def check_reset_test_data_response_403_error_code(
    value: str,
) -> ResetTestDataResponse403ErrorCode:
    if value in RESET_TEST_DATA_RESPONSE_403_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {RESET_TEST_DATA_RESPONSE_403_ERROR_CODE_VALUES!r}"
    )
