from typing import Literal

ListWebhookEndpointsResponse400ErrorCode = Literal["BAD_REQUEST"]

LIST_WEBHOOK_ENDPOINTS_RESPONSE_400_ERROR_CODE_VALUES: set[
    ListWebhookEndpointsResponse400ErrorCode
] = {
    "BAD_REQUEST",
}


def check_list_webhook_endpoints_response_400_error_code(
    value: str,
) -> ListWebhookEndpointsResponse400ErrorCode:
    if value in LIST_WEBHOOK_ENDPOINTS_RESPONSE_400_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_WEBHOOK_ENDPOINTS_RESPONSE_400_ERROR_CODE_VALUES!r}"
    )
