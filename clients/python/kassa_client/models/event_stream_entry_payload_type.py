from typing import Literal

EventStreamEntryPayloadType = Literal[
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

EVENT_STREAM_ENTRY_PAYLOAD_TYPE_VALUES: set[EventStreamEntryPayloadType] = {
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


def check_event_stream_entry_payload_type(value: str) -> EventStreamEntryPayloadType:
    if value in EVENT_STREAM_ENTRY_PAYLOAD_TYPE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {EVENT_STREAM_ENTRY_PAYLOAD_TYPE_VALUES!r}"
    )
