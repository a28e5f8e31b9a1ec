from typing import Literal

StreamEventsResponse403ErrorCode = Literal["AUTH_INVALID_PROJECT"]

STREAM_EVENTS_RESPONSE_403_ERROR_CODE_VALUES: set[StreamEventsResponse403ErrorCode] = {
    "AUTH_INVALID_PROJECT",
}


def check_stream_events_response_403_error_code(
    value: str,
) -> StreamEventsResponse403ErrorCode:
    if value in STREAM_EVENTS_RESPONSE_403_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {STREAM_EVENTS_RESPONSE_403_ERROR_CODE_VALUES!r}"
    )
