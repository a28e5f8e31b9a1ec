from typing import Literal

ListTestClocksResponse403ErrorCode = Literal["AUTH_INVALID_PROJECT"]

LIST_TEST_CLOCKS_RESPONSE_403_ERROR_CODE_VALUES: set[
    ListTestClocksResponse403ErrorCode
] = {
    "AUTH_INVALID_PROJECT",
}


def check_list_test_clocks_response_403_error_code(
    value: str,
) -> ListTestClocksResponse403ErrorCode:
    if value in LIST_TEST_CLOCKS_RESPONSE_403_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_TEST_CLOCKS_RESPONSE_403_ERROR_CODE_VALUES!r}"
    )
