from typing import Literal

ListWebhookDeliveriesResponse401ErrorCode = Literal[
    "AUTH_INVALID_SIGNATURE", "AUTH_INVALID_TIMESTAMP"
]

LIST_WEBHOOK_DELIVERIES_RESPONSE_401_ERROR_CODE_VALUES: set[
    ListWebhookDeliveriesResponse401ErrorCode
] = {
    "AUTH_INVALID_SIGNATURE",
    "AUTH_INVALID_TIMESTAMP",
}


def check_list_webhook_deliveries_response_401_error_code(
    value: str,
) -> ListWebhookDeliveriesResponse401ErrorCode:
    if value in LIST_WEBHOOK_DELIVERIES_RESPONSE_401_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_WEBHOOK_DELIVERIES_RESPONSE_401_ERROR_CODE_VALUES!r}"
    )
