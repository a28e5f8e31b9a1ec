from typing import Literal

ListWebhookDeliveriesResponse403ErrorCode = Literal["AUTH_INVALID_PROJECT"]

LIST_WEBHOOK_DELIVERIES_RESPONSE_403_ERROR_CODE_VALUES: set[
    ListWebhookDeliveriesResponse403ErrorCode
] = {
    "AUTH_INVALID_PROJECT",
}


def check_list_webhook_deliveries_response_403_error_code(
    value: str,
) -> ListWebhookDeliveriesResponse403ErrorCode:
    if value in LIST_WEBHOOK_DELIVERIES_RESPONSE_403_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_WEBHOOK_DELIVERIES_RESPONSE_403_ERROR_CODE_VALUES!r}"
    )
