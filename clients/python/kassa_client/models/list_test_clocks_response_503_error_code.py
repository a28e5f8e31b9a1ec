from typing import Literal

ListTestClocksResponse503ErrorCode = Literal["SERVICE_UNAVAILABLE"]

LIST_TEST_CLOCKS_RESPONSE_503_ERROR_CODE_VALUES: set[
    ListTestClocksResponse503ErrorCode
] = {
    "SERVICE_UNAVAILABLE",
}


def check_list_test_clocks_response_503_error_code(
    value: str,
) -> ListTestClocksResponse503ErrorCode:
    if value in LIST_TEST_CLOCKS_RESPONSE_503_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_TEST_CLOCKS_RESPONSE_503_ERROR_CODE_VALUES!r}"
    )
