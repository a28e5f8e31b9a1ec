from typing import Literal

ListWebhookDeliveriesResponse400ErrorCode = Literal["BAD_REQUEST"]

LIST_WEBHOOK_DELIVERIES_RESPONSE_400_ERROR_CODE_VALUES: set[
    ListWebhookDeliveriesResponse400ErrorCode
] = {
    "BAD_REQUEST",
}


def check_list_webhook_deliveries_response_400_error_code(
    value: str,
) -> ListWebhookDeliveriesResponse400ErrorCode:
    if value in LIST_WEBHOOK_DELIVERIES_RESPONSE_400_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_WEBHOOK_DELIVERIES_RESPONSE_400_ERROR_CODE_VALUES!r}"
    )
