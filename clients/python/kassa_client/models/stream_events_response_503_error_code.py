from typing import Literal

StreamEventsResponse503ErrorCode = Literal["SERVICE_UNAVAILABLE"]

STREAM_EVENTS_RESPONSE_503_ERROR_CODE_VALUES: set[StreamEventsResponse503ErrorCode] = {
    "SERVICE_UNAVAILABLE",
}


def check_stream_events_response_503_error_code(
    value: str,
) -> StreamEventsResponse503ErrorCode:
    if value in STREAM_EVENTS_RESPONSE_503_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {STREAM_EVENTS_RESPONSE_503_ERROR_CODE_VALUES!r}"
    )
