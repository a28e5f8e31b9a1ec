from typing import Literal

SubscriptionStatusNotificationSubscriptionStatus = Literal[
    "Active", "ApprovingFailed", "Cancelled", "Closed", "Pending"
]

SUBSCRIPTION_STATUS_NOTIFICATION_SUBSCRIPTION_STATUS_VALUES: set[
    SubscriptionStatusNotificationSubscriptionStatus
] = {
    "Active",
    "ApprovingFailed",
    "Cancelled",
    "Closed",
    "Pending",
}


def check_subscription_status_notification_subscription_status(
    value: str,
) -> SubscriptionStatusNotificationSubscriptionStatus:
    if value in SUBSCRIPTION_STATUS_NOTIFICATION_SUBSCRIPTION_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SUBSCRIPTION_STATUS_NOTIFICATION_SUBSCRIPTION_STATUS_VALUES!r}"
    )
