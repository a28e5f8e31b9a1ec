from typing import Literal

StreamEventsResponse400ErrorCode = Literal["BAD_REQUEST"]

STREAM_EVENTS_RESPONSE_400_ERROR_CODE_VALUES: set[StreamEventsResponse400ErrorCode] = {
    "BAD_REQUEST",
}


def check_stream_events_response_400_error_code(
    value: str,
) -> StreamEventsResponse400ErrorCode:
    if value in STREAM_EVENTS_RESPONSE_400_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {STREAM_EVENTS_RESPONSE_400_ERROR_CODE_VALUES!r}"
    )
