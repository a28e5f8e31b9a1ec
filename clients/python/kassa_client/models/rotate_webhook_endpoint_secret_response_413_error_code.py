from typing import Literal

RotateWebhookEndpointSecretResponse413ErrorCode = Literal["BAD_REQUEST"]

ROTATE_WEBHOOK_ENDPOINT_SECRET_RESPONSE_413_ERROR_CODE_VALUES: set[
    RotateWebhookEndpointSecretResponse413ErrorCode
] = {
    "BAD_REQUEST",
}


def check_rotate_webhook_endpoint_secret_response_413_error_code(
    value: str,
) -> RotateWebhookEndpointSecretResponse413ErrorCode:
    if value in ROTATE_WEBHOOK_ENDPOINT_SECRET_RESPONSE_413_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {ROTATE_WEBHOOK_ENDPOINT_SECRET_RESPONSE_413_ERROR_CODE_VALUES!r}"
    )
