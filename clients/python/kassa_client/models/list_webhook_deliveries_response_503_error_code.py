from typing import Literal

ListWebhookDeliveriesResponse503ErrorCode = Literal["SERVICE_UNAVAILABLE"]

LIST_WEBHOOK_DELIVERIES_RESPONSE_503_ERROR_CODE_VALUES: set[
    ListWebhookDeliveriesResponse503ErrorCode
] = {
    "SERVICE_UNAVAILABLE",
}


def check_list_webhook_deliveries_response_503_error_code(
    value: str,
) -> ListWebhookDeliveriesResponse503ErrorCode:
    if value in LIST_WEBHOOK_DELIVERIES_RESPONSE_503_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_WEBHOOK_DELIVERIES_RESPONSE_503_ERROR_CODE_VALUES!r}"
    )
