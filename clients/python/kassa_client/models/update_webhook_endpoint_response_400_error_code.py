from typing import Literal

UpdateWebhookEndpointResponse400ErrorCode = Literal[
    "BAD_REQUEST", "WEBHOOK_ENDPOINT_URL_REJECTED"
]

UPDATE_WEBHOOK_ENDPOINT_RESPONSE_400_ERROR_CODE_VALUES: set[
    UpdateWebhookEndpointResponse400ErrorCode
] = {
    "BAD_REQUEST",
    "WEBHOOK_ENDPOINT_URL_REJECTED",
}


def check_update_webhook_endpoint_response_400_error_code(
    value: str,
) -> UpdateWebhookEndpointResponse400ErrorCode:
    if value in UPDATE_WEBHOOK_ENDPOINT_RESPONSE_400_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {UPDATE_WEBHOOK_ENDPOINT_RESPONSE_400_ERROR_CODE_VALUES!r}"
    )
