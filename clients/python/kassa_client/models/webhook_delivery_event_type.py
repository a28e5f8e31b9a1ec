from typing import Literal

WebhookDeliveryEventType = Literal[
    "contract.authorized",
    "contract.closed",
    "payment.updated",
    "refund.completed",
    "refund.failed",
    "subscription.activated",
    "subscription.approving_failed",
    "subscription.cancelled",
    "subscription.charged",
    "subscription.closed",
    "test_clock.ready",
    "webhook_endpoint.disabled",
]

WEBHOOK_DELIVERY_EVENT_TYPE_VALUES: set[WebhookDeliveryEventType] = {
    "contract.authorized",
    "contract.closed",
    "payment.updated",
    "refund.completed",
    "refund.failed",
    "subscription.activated",
    "subscription.approving_failed",
    "subscription.cancelled",
    "subscription.charged",
    "subscription.closed",
    "test_clock.ready",
    "webhook_endpoint.disabled",
}


def check_webhook_delivery_event_type(value: str) -> WebhookDeliveryEventType:
    if value in WEBHOOK_DELIVERY_EVENT_TYPE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {WEBHOOK_DELIVERY_EVENT_TYPE_VALUES!r}"
    )
