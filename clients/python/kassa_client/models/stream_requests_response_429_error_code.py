from typing import Literal

StreamRequestsResponse429ErrorCode = Literal["STREAM_LIMIT_EXCEEDED"]

STREAM_REQUESTS_RESPONSE_429_ERROR_CODE_VALUES: set[
    StreamRequestsResponse429ErrorCode
] = {
    "STREAM_LIMIT_EXCEEDED",
}


def check_stream_requests_response_429_error_code(
    value: str,
) -> StreamRequestsResponse429ErrorCode:
    if value in STREAM_REQUESTS_RESPONSE_429_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {STREAM_REQUESTS_RESPONSE_429_ERROR_CODE_VALUES!r}"
    )
