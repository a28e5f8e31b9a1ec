from typing import Literal

ListTestClocksResponse401ErrorCode = Literal[
    "AUTH_INVALID_SIGNATURE", "AUTH_INVALID_TIMESTAMP"
]

LIST_TEST_CLOCKS_RESPONSE_401_ERROR_CODE_VALUES: set[
    ListTestClocksResponse401ErrorCode
] = {
    "AUTH_INVALID_SIGNATURE",
    "AUTH_INVALID_TIMESTAMP",
}


def check_list_test_clocks_response_401_error_code(
    value: str,
) -> ListTestClocksResponse401ErrorCode:
    if value in LIST_TEST_CLOCKS_RESPONSE_401_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_TEST_CLOCKS_RESPONSE_401_ERROR_CODE_VALUES!r}"
    )
