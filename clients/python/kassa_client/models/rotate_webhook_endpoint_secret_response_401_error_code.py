from typing import Literal

RotateWebhookEndpointSecretResponse401ErrorCode = Literal[
    "AUTH_INVALID_SIGNATURE", "AUTH_INVALID_TIMESTAMP"
]

ROTATE_WEBHOOK_ENDPOINT_SECRET_RESPONSE_401_ERROR_CODE_VALUES: set[
    RotateWebhookEndpointSecretResponse401ErrorCode
] = {
    "AUTH_INVALID_SIGNATURE",
    "AUTH_INVALID_TIMESTAMP",
}


def check_rotate_webhook_endpoint_secret_response_401_error_code(
    value: str,
) -> RotateWebhookEndpointSecretResponse401ErrorCode:
    if value in ROTATE_WEBHOOK_ENDPOINT_SECRET_RESPONSE_401_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {ROTATE_WEBHOOK_ENDPOINT_SECRET_RESPONSE_401_ERROR_CODE_VALUES!r}"
    )
