from typing import Literal

RotateWebhookEndpointSecretResponse404ErrorCode = Literal["NOT_FOUND"]

ROTATE_WEBHOOK_ENDPOINT_SECRET_RESPONSE_404_ERROR_CODE_VALUES: set[
    RotateWebhookEndpointSecretResponse404ErrorCode
] = {
    "NOT_FOUND",
}


def check_rotate_webhook_endpoint_secret_response_404_error_code(
    value: str,
) -> RotateWebhookEndpointSecretResponse404ErrorCode:
    if value in ROTATE_WEBHOOK_ENDPOINT_SECRET_RESPONSE_404_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {ROTATE_WEBHOOK_ENDPOINT_SECRET_RESPONSE_404_ERROR_CODE_VALUES!r}"
    )
