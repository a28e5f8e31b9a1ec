from typing import Literal

ListEventsResponse400ErrorCode = Literal["BAD_REQUEST"]

LIST_EVENTS_RESPONSE_400_ERROR_CODE_VALUES: set[ListEventsResponse400ErrorCode] = {
    "BAD_REQUEST",
}


def check_list_events_response_400_error_code(
    value: str,
) -> ListEventsResponse400ErrorCode:
    if value in LIST_EVENTS_RESPONSE_400_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_EVENTS_RESPONSE_400_ERROR_CODE_VALUES!r}"
    )
