from typing import Literal

GetWebhookEndpointResponse403ErrorCode = Literal["AUTH_INVALID_PROJECT"]

GET_WEBHOOK_ENDPOINT_RESPONSE_403_ERROR_CODE_VALUES: set[
    GetWebhookEndpointResponse403ErrorCode
] = {
    "AUTH_INVALID_PROJECT",
}


def check_get_webhook_endpoint_response_403_error_code(
    value: str,
) -> GetWebhookEndpointResponse403ErrorCode:
    if value in GET_WEBHOOK_ENDPOINT_RESPONSE_403_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_WEBHOOK_ENDPOINT_RESPONSE_403_ERROR_CODE_VALUES!r}"
    )
