from typing import Literal

SubscriptionStatusNotificationBillingResult = Literal["Failed", "Success"]

SUBSCRIPTION_STATUS_NOTIFICATION_BILLING_RESULT_VALUES: set[
    SubscriptionStatusNotificationBillingResult
] = {
    "Failed",
    "Success",
}


def check_subscription_status_notification_billing_result(
    value: str,
) -> SubscriptionStatusNotificationBillingResult:
    if value in SUBSCRIPTION_STATUS_NOTIFICATION_BILLING_RESULT_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SUBSCRIPTION_STATUS_NOTIFICATION_BILLING_RESULT_VALUES!r}"
    )
