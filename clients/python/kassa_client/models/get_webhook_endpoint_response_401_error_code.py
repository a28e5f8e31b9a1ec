from typing import Literal

GetWebhookEndpointResponse401ErrorCode = Literal[
    "AUTH_INVALID_SIGNATURE", "AUTH_INVALID_TIMESTAMP"
]

GET_WEBHOOK_ENDPOINT_RESPONSE_401_ERROR_CODE_VALUES: set[
    GetWebhookEndpointResponse401ErrorCode
] = {
    "AUTH_INVALID_SIGNATURE",
    "AUTH_INVALID_TIMESTAMP",
}


def check_get_webhook_endpoint_response_401_error_code(
    value: str,
) -> GetWebhookEndpointResponse401ErrorCode:
    if value in GET_WEBHOOK_ENDPOINT_RESPONSE_401_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_WEBHOOK_ENDPOINT_RESPONSE_401_ERROR_CODE_VALUES!r}"
    )
