from typing import Literal

ListTestClocksResponse400ErrorCode = Literal["BAD_REQUEST"]

LIST_TEST_CLOCKS_RESPONSE_400_ERROR_CODE_VALUES: set[
    ListTestClocksResponse400ErrorCode
] = {
    "BAD_REQUEST",
}


def check_list_test_clocks_response_400_error_code(
    value: str,
) -> ListTestClocksResponse400ErrorCode:
    if value in LIST_TEST_CLOCKS_RESPONSE_400_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_TEST_CLOCKS_RESPONSE_400_ERROR_CODE_VALUES!r}"
    )
