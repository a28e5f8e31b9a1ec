from typing import Literal

DeleteWebhookEndpointResponse403ErrorCode = Literal["AUTH_INVALID_PROJECT"]

DELETE_WEBHOOK_ENDPOINT_RESPONSE_403_ERROR_CODE_VALUES: set[
    DeleteWebhookEndpointResponse403ErrorCode
] = {
    "AUTH_INVALID_PROJECT",
}


def check_delete_webhook_endpoint_response_403_error_code(
    value: str,
) -> DeleteWebhookEndpointResponse403ErrorCode:
    if value in DELETE_WEBHOOK_ENDPOINT_RESPONSE_403_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {DELETE_WEBHOOK_ENDPOINT_RESPONSE_403_ERROR_CODE_VALUES!r}"
    )
