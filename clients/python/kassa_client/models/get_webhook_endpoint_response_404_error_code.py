from typing import Literal

GetWebhookEndpointResponse404ErrorCode = Literal["NOT_FOUND"]

GET_WEBHOOK_ENDPOINT_RESPONSE_404_ERROR_CODE_VALUES: set[
    GetWebhookEndpointResponse404ErrorCode
] = {
    "NOT_FOUND",
}


def check_get_webhook_endpoint_response_404_error_code(
    value: str,
) -> GetWebhookEndpointResponse404ErrorCode:
    if value in GET_WEBHOOK_ENDPOINT_RESPONSE_404_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_WEBHOOK_ENDPOINT_RESPONSE_404_ERROR_CODE_VALUES!r}"
    )
