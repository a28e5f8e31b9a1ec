from typing import Literal

DeleteWebhookEndpointResponse400ErrorCode = Literal["BAD_REQUEST"]

DELETE_WEBHOOK_ENDPOINT_RESPONSE_400_ERROR_CODE_VALUES: set[
    DeleteWebhookEndpointResponse400ErrorCode
] = {
    "BAD_REQUEST",
}


def check_delete_webhook_endpoint_response_400_error_code(
    value: str,
) -> DeleteWebhookEndpointResponse400ErrorCode:
    if value in DELETE_WEBHOOK_ENDPOINT_RESPONSE_400_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {DELETE_WEBHOOK_ENDPOINT_RESPONSE_400_ERROR_CODE_VALUES!r}"
    )
