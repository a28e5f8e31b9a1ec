from typing import Literal

ListEventsType = Literal[
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

LIST_EVENTS_TYPE_VALUES: set[ListEventsType] = {
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


def check_list_events_type(value: str) -> ListEventsType:
    if value in LIST_EVENTS_TYPE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_EVENTS_TYPE_VALUES!r}"
    )
