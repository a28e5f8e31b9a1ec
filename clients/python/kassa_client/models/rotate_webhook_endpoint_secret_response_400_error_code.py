from typing import Literal

RotateWebhookEndpointSecretResponse400ErrorCode = Literal["BAD_REQUEST"]

ROTATE_WEBHOOK_ENDPOINT_SECRET_RESPONSE_400_ERROR_CODE_VALUES: set[
    RotateWebhookEndpointSecretResponse400ErrorCode
] = {
    "BAD_REQUEST",
}


def check_rotate_webhook_endpoint_secret_response_400_error_code(
    value: str,
) -> RotateWebhookEndpointSecretResponse400ErrorCode:
    if value in ROTATE_WEBHOOK_ENDPOINT_SECRET_RESPONSE_400_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {ROTATE_WEBHOOK_ENDPOINT_SECRET_RESPONSE_400_ERROR_CODE_VALUES!r}"
    )
