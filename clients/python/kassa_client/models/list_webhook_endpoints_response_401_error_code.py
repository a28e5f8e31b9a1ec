from typing import Literal

ListWebhookEndpointsResponse401ErrorCode = Literal[
    "AUTH_INVALID_SIGNATURE", "AUTH_INVALID_TIMESTAMP"
]

LIST_WEBHOOK_ENDPOINTS_RESPONSE_401_ERROR_CODE_VALUES: set[
    ListWebhookEndpointsResponse401ErrorCode
] = {
    "AUTH_INVALID_SIGNATURE",
    "AUTH_INVALID_TIMESTAMP",
}


def check_list_webhook_endpoints_response_401_error_code(
    value: str,
) -> ListWebhookEndpointsResponse401ErrorCode:
    if value in LIST_WEBHOOK_ENDPOINTS_RESPONSE_401_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_WEBHOOK_ENDPOINTS_RESPONSE_401_ERROR_CODE_VALUES!r}"
    )
