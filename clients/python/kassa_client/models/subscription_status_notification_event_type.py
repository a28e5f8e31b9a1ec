from typing import Literal

SubscriptionStatusNotificationEventType = Literal[
    "ACTIVATED", "APPROVING_FAILED", "CANCELLED", "CHARGE", "CLOSED"
]

SUBSCRIPTION_STATUS_NOTIFICATION_EVENT_TYPE_VALUES: set[
    SubscriptionStatusNotificationEventType
] = {
    "ACTIVATED",
    "APPROVING_FAILED",
    "CANCELLED",
    "CHARGE",
    "CLOSED",
}


def check_subscription_status_notification_event_type(
    value: str,
) -> SubscriptionStatusNotificationEventType:
    if value in SUBSCRIPTION_STATUS_NOTIFICATION_EVENT_TYPE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SUBSCRIPTION_STATUS_NOTIFICATION_EVENT_TYPE_VALUES!r}"
    )
