from typing import Literal

EventStreamEntryType = Literal[
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

EVENT_STREAM_ENTRY_TYPE_VALUES: set[EventStreamEntryType] = {
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


def check_event_stream_entry_type(value: str) -> EventStreamEntryType:
    if value in EVENT_STREAM_ENTRY_TYPE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {EVENT_STREAM_ENTRY_TYPE_VALUES!r}"
    )
