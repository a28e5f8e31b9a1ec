from typing import Literal

DeleteWebhookEndpointResponse401ErrorCode = Literal[
    "AUTH_INVALID_SIGNATURE", "AUTH_INVALID_TIMESTAMP"
]

DELETE_WEBHOOK_ENDPOINT_RESPONSE_401_ERROR_CODE_VALUES: set[
    DeleteWebhookEndpointResponse401ErrorCode
] = {
    "AUTH_INVALID_SIGNATURE",
    "AUTH_INVALID_TIMESTAMP",
}


def check_delete_webhook_endpoint_response_401_error_code(
    value: str,
) -> DeleteWebhookEndpointResponse401ErrorCode:
    if value in DELETE_WEBHOOK_ENDPOINT_RESPONSE_401_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {DELETE_WEBHOOK_ENDPOINT_RESPONSE_401_ERROR_CODE_VALUES!r}"
    )
