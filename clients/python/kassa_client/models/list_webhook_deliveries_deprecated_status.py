from typing import Literal

ListWebhookDeliveriesDeprecatedStatus = Literal["dead", "pending", "succeeded"]

LIST_WEBHOOK_DELIVERIES_DEPRECATED_STATUS_VALUES: set[
    ListWebhookDeliveriesDeprecatedStatus
] = {
    "dead",
    "pending",
    "succeeded",
}


def check_list_webhook_deliveries_deprecated_status(
    value: str,
) -> ListWebhookDeliveriesDeprecatedStatus:
    if value in LIST_WEBHOOK_DELIVERIES_DEPRECATED_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_WEBHOOK_DELIVERIES_DEPRECATED_STATUS_VALUES!r}"
    )
