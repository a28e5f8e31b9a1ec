from typing import Literal

EventsPageEventsItemType = Literal[
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
]

EVENTS_PAGE_EVENTS_ITEM_TYPE_VALUES: set[EventsPageEventsItemType] = {
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
}


def check_events_page_events_item_type(value: str) -> EventsPageEventsItemType:
    if value in EVENTS_PAGE_EVENTS_ITEM_TYPE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {EVENTS_PAGE_EVENTS_ITEM_TYPE_VALUES!r}"
    )
