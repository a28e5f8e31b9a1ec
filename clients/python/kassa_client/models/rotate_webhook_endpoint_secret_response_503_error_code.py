from typing import Literal

RotateWebhookEndpointSecretResponse503ErrorCode = Literal["SERVICE_UNAVAILABLE"]

ROTATE_WEBHOOK_ENDPOINT_SECRET_RESPONSE_503_ERROR_CODE_VALUES: set[
    RotateWebhookEndpointSecretResponse503ErrorCode
] = {
    "SERVICE_UNAVAILABLE",
}


def check_rotate_webhook_endpoint_secret_response_503_error_code(
    value: str,
) -> RotateWebhookEndpointSecretResponse503ErrorCode:
    if value in ROTATE_WEBHOOK_ENDPOINT_SECRET_RESPONSE_503_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {ROTATE_WEBHOOK_ENDPOINT_SECRET_RESPONSE_503_ERROR_CODE_VALUES!r}"
    )
