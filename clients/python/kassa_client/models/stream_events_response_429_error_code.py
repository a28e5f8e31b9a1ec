from typing import Literal

StreamEventsResponse429ErrorCode = Literal["STREAM_LIMIT_EXCEEDED"]

STREAM_EVENTS_RESPONSE_429_ERROR_CODE_VALUES: set[StreamEventsResponse429ErrorCode] = {
    "STREAM_LIMIT_EXCEEDED",
}


def check_stream_events_response_429_error_code(
    value: str,
) -> StreamEventsResponse429ErrorCode:
    if value in STREAM_EVENTS_RESPONSE_429_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {STREAM_EVENTS_RESPONSE_429_ERROR_CODE_VALUES!r}"
    )
