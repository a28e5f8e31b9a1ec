from typing import Literal

StreamRequestsResponse503ErrorCode = Literal["SERVICE_UNAVAILABLE"]

STREAM_REQUESTS_RESPONSE_503_ERROR_CODE_VALUES: set[
    StreamRequestsResponse503ErrorCode
] = {
    "SERVICE_UNAVAILABLE",
}


def check_stream_requests_response_503_error_code(
    value: str,
) -> StreamRequestsResponse503ErrorCode:
    if value in STREAM_REQUESTS_RESPONSE_503_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {STREAM_REQUESTS_RESPONSE_503_ERROR_CODE_VALUES!r}"
    )
