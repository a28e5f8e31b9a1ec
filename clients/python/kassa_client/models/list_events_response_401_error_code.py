from typing import Literal

ListEventsResponse401ErrorCode = Literal[
    "AUTH_INVALID_SIGNATURE", "AUTH_INVALID_TIMESTAMP"
]

LIST_EVENTS_RESPONSE_401_ERROR_CODE_VALUES: set[ListEventsResponse401ErrorCode] = {
    "AUTH_INVALID_SIGNATURE",
    "AUTH_INVALID_TIMESTAMP",
}


def check_list_events_response_401_error_code(
    value: str,
) -> ListEventsResponse401ErrorCode:
    if value in LIST_EVENTS_RESPONSE_401_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_EVENTS_RESPONSE_401_ERROR_CODE_VALUES!r}"
    )
