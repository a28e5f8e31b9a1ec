from typing import Literal

CreateWebhookEndpointResponse503ErrorCode = Literal["SERVICE_UNAVAILABLE"]

CREATE_WEBHOOK_ENDPOINT_RESPONSE_503_ERROR_CODE_VALUES: set[
    CreateWebhookEndpointResponse503ErrorCode
] = {
    "SERVICE_UNAVAILABLE",
}


def check_create_webhook_endpoint_response_503_error_code(
    value: str,
) -> CreateWebhookEndpointResponse503ErrorCode:
    if value in CREATE_WEBHOOK_ENDPOINT_RESPONSE_503_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_WEBHOOK_ENDPOINT_RESPONSE_503_ERROR_CODE_VALUES!r}"
    )
