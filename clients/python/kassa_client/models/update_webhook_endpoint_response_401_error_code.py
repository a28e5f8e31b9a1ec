from typing import Literal

UpdateWebhookEndpointResponse401ErrorCode = Literal[
    "AUTH_INVALID_SIGNATURE", "AUTH_INVALID_TIMESTAMP"
]

UPDATE_WEBHOOK_ENDPOINT_RESPONSE_401_ERROR_CODE_VALUES: set[
    UpdateWebhookEndpointResponse401ErrorCode
] = {
    "AUTH_INVALID_SIGNATURE",
    "AUTH_INVALID_TIMESTAMP",
}


def check_update_webhook_endpoint_response_401_error_code(
    value: str,
) -> UpdateWebhookEndpointResponse401ErrorCode:
    if value in UPDATE_WEBHOOK_ENDPOINT_RESPONSE_401_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {UPDATE_WEBHOOK_ENDPOINT_RESPONSE_401_ERROR_CODE_VALUES!r}"
    )
