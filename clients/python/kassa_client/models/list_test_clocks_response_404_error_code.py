from typing import Literal

ListTestClocksResponse404ErrorCode = Literal["NOT_FOUND"]

LIST_TEST_CLOCKS_RESPONSE_404_ERROR_CODE_VALUES: set[
    ListTestClocksResponse404ErrorCode
] = {
    "NOT_FOUND",
}


def check_list_test_clocks_response_404_error_code(
    value: str,
) -> ListTestClocksResponse404ErrorCode:
    if value in LIST_TEST_CLOCKS_RESPONSE_404_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_TEST_CLOCKS_RESPONSE_404_ERROR_CODE_VALUES!r}"
    )
