from typing import Literal

GetWebhookEndpointResponse400ErrorCode = Literal["BAD_REQUEST"]

GET_WEBHOOK_ENDPOINT_RESPONSE_400_ERROR_CODE_VALUES: set[
    GetWebhookEndpointResponse400ErrorCode
] = {
    "BAD_REQUEST",
}


def check_get_webhook_endpoint_response_400_error_code(
    value: str,
) -> GetWebhookEndpointResponse400ErrorCode:
    if value in GET_WEBHOOK_ENDPOINT_RESPONSE_400_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_WEBHOOK_ENDPOINT_RESPONSE_400_ERROR_CODE_VALUES!r}"
    )
