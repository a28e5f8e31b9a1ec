from typing import Literal

StreamRequestsResponse403ErrorCode = Literal["AUTH_INVALID_PROJECT"]

STREAM_REQUESTS_RESPONSE_403_ERROR_CODE_VALUES: set[
    StreamRequestsResponse403ErrorCode
] = {
    "AUTH_INVALID_PROJECT",
}


def check_stream_requests_response_403_error_code(
    value: str,
) -> StreamRequestsResponse403ErrorCode:
    if value in STREAM_REQUESTS_RESPONSE_403_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {STREAM_REQUESTS_RESPONSE_403_ERROR_CODE_VALUES!r}"
    )
