from typing import Literal

StreamRequestsResponse401ErrorCode = Literal[
    "AUTH_INVALID_SIGNATURE", "AUTH_INVALID_TIMESTAMP"
]

STREAM_REQUESTS_RESPONSE_401_ERROR_CODE_VALUES: set[
    StreamRequestsResponse401ErrorCode
] = {
    "AUTH_INVALID_SIGNATURE",
    "AUTH_INVALID_TIMESTAMP",
}


def check_stream_requests_response_401_error_code(
    value: str,
) -> StreamRequestsResponse401ErrorCode:
    if value in STREAM_REQUESTS_RESPONSE_401_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {STREAM_REQUESTS_RESPONSE_401_ERROR_CODE_VALUES!r}"
    )
