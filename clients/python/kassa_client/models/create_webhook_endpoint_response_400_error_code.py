from typing import Literal

CreateWebhookEndpointResponse400ErrorCode = Literal[
    "BAD_REQUEST", "WEBHOOK_ENDPOINT_LIMIT_EXCEEDED", "WEBHOOK_ENDPOINT_URL_REJECTED"
]

CREATE_WEBHOOK_ENDPOINT_RESPONSE_400_ERROR_CODE_VALUES: set[
    CreateWebhookEndpointResponse400ErrorCode
] = {
    "BAD_REQUEST",
    "WEBHOOK_ENDPOINT_LIMIT_EXCEEDED",
    "WEBHOOK_ENDPOINT_URL_REJECTED",
}


def check_create_webhook_endpoint_response_400_error_code(
    value: str,
) -> CreateWebhookEndpointResponse400ErrorCode:
    if value in CREATE_WEBHOOK_ENDPOINT_RESPONSE_400_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_WEBHOOK_ENDPOINT_RESPONSE_400_ERROR_CODE_VALUES!r}"
    )
