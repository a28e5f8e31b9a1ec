from typing import Literal

RotateWebhookEndpointSecretResponse422ErrorCode = Literal["IDEMPOTENCY_KEY_MISMATCH"]

ROTATE_WEBHOOK_ENDPOINT_SECRET_RESPONSE_422_ERROR_CODE_VALUES: set[
    RotateWebhookEndpointSecretResponse422ErrorCode
] = {
    "IDEMPOTENCY_KEY_MISMATCH",
}


def check_rotate_webhook_endpoint_secret_response_422_error_code(
    value: str,
) -> RotateWebhookEndpointSecretResponse422ErrorCode:
    if value in ROTATE_WEBHOOK_ENDPOINT_SECRET_RESPONSE_422_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {ROTATE_WEBHOOK_ENDPOINT_SECRET_RESPONSE_422_ERROR_CODE_VALUES!r}"
    )
