from typing import Literal

RotateWebhookEndpointSecretResponse403ErrorCode = Literal["AUTH_INVALID_PROJECT"]

ROTATE_WEBHOOK_ENDPOINT_SECRET_RESPONSE_403_ERROR_CODE_VALUES: set[
    RotateWebhookEndpointSecretResponse403ErrorCode
] = {
    "AUTH_INVALID_PROJECT",
}


def check_rotate_webhook_endpoint_secret_response_403_error_code(
    value: str,
) -> RotateWebhookEndpointSecretResponse403ErrorCode:
    if value in ROTATE_WEBHOOK_ENDPOINT_SECRET_RESPONSE_403_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {ROTATE_WEBHOOK_ENDPOINT_SECRET_RESPONSE_403_ERROR_CODE_VALUES!r}"
    )
