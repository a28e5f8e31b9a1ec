from typing import Literal

ResetTestDataResponse503ErrorCode = Literal["SERVICE_UNAVAILABLE"]

RESET_TEST_DATA_RESPONSE_503_ERROR_CODE_VALUES: set[
    ResetTestDataResponse503ErrorCode
] = {
    "SERVICE_UNAVAILABLE",
}


def check_reset_test_data_response_503_error_code(
    value: str,
) -> ResetTestDataResponse503ErrorCode:
    if value in RESET_TEST_DATA_RESPONSE_503_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {RESET_TEST_DATA_RESPONSE_503_ERROR_CODE_VALUES!r}"
    )
