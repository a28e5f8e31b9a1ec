from typing import Literal

ListEventsResponse503ErrorCode = Literal["SERVICE_UNAVAILABLE"]

LIST_EVENTS_RESPONSE_503_ERROR_CODE_VALUES: set[ListEventsResponse503ErrorCode] = {
    "SERVICE_UNAVAILABLE",
}


def check_list_events_response_503_error_code(
    value: str,
) -> ListEventsResponse503ErrorCode:
    if value in LIST_EVENTS_RESPONSE_503_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_EVENTS_RESPONSE_503_ERROR_CODE_VALUES!r}"
    )
