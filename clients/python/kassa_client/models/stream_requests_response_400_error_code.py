from typing import Literal

StreamRequestsResponse400ErrorCode = Literal["BAD_REQUEST"]

STREAM_REQUESTS_RESPONSE_400_ERROR_CODE_VALUES: set[
    StreamRequestsResponse400ErrorCode
] = {
    "BAD_REQUEST",
}


def check_stream_requests_response_400_error_code(
    value: str,
) -> StreamRequestsResponse400ErrorCode:
    if value in STREAM_REQUESTS_RESPONSE_400_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {STREAM_REQUESTS_RESPONSE_400_ERROR_CODE_VALUES!r}"
    )
