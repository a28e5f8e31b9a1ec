from typing import Literal

RotateWebhookEndpointSecretResponse409ErrorCode = Literal["IDEMPOTENCY_KEY_IN_USE"]

ROTATE_WEBHOOK_ENDPOINT_SECRET_RESPONSE_409_ERROR_CODE_VALUES: set[
    RotateWebhookEndpointSecretResponse409ErrorCode
] = {
    "IDEMPOTENCY_KEY_IN_USE",
}


def check_rotate_webhook_endpoint_secret_response_409_error_code(
    value: str,
) -> RotateWebhookEndpointSecretResponse409ErrorCode:
    if value in ROTATE_WEBHOOK_ENDPOINT_SECRET_RESPONSE_409_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {ROTATE_WEBHOOK_ENDPOINT_SECRET_RESPONSE_409_ERROR_CODE_VALUES!r}"
    )
