from typing import Literal

StreamEventsResponse401ErrorCode = Literal[
    "AUTH_INVALID_SIGNATURE", "AUTH_INVALID_TIMESTAMP"
]

STREAM_EVENTS_RESPONSE_401_ERROR_CODE_VALUES: set[StreamEventsResponse401ErrorCode] = {
    "AUTH_INVALID_SIGNATURE",
    "AUTH_INVALID_TIMESTAMP",
}


def check_stream_events_response_401_error_code(
    value: str,
) -> StreamEventsResponse401ErrorCode:
    if value in STREAM_EVENTS_RESPONSE_401_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {STREAM_EVENTS_RESPONSE_401_ERROR_CODE_VALUES!r}"
    )
