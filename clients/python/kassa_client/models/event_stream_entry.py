from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.event_stream_entry_type import (
    EventStreamEntryType,
    check_event_stream_entry_type,
)

if TYPE_CHECKING:
    from ..models.event_stream_entry_payload import EventStreamEntryPayload


T = TypeVar("T", bound="EventStreamEntry")


@_attrs_define
class EventStreamEntry:
    """The JSON of each `data:` line of GET events/stream (SSE event `event`); the stream opens with an `event: ready`
    whose data is {since}, the place it starts after, to send as `since` when reconnecting (Last-Event-ID, when an entry
    came, wins over it)

        Attributes:
            entry_id (str): The entry's id (de-duplicate on it): the event's id, or for a redelivery `<event id>~<redelivery
                id>`; the SSE `id:` is the entry's place in the feed
            event_id (str): The event's id: the webhook-id to send
            type_ (EventStreamEntryType):
            recorded_at (str): When the entry entered the feed (the event the log, a redelivery its request): the stream is
                in this order
            redelivery (bool):
            payload (EventStreamEntryPayload): The body a webhook endpoint gets for the event (this document's webhooks show
                each type's)
    """

    entry_id: str
    event_id: str
    type_: EventStreamEntryType
    recorded_at: str
    redelivery: bool
    payload: EventStreamEntryPayload

    def to_dict(self) -> dict[str, Any]:
        entry_id = self.entry_id

        event_id = self.event_id

        type_: str = self.type_

        recorded_at = self.recorded_at

        redelivery = self.redelivery

        payload = self.payload.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "entry_id": entry_id,
                "event_id": event_id,
                "type": type_,
                "recorded_at": recorded_at,
                "redelivery": redelivery,
                "payload": payload,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.event_stream_entry_payload import EventStreamEntryPayload

        d = dict(src_dict)
        entry_id = d.pop("entry_id")

        event_id = d.pop("event_id")

        type_ = check_event_stream_entry_type(d.pop("type"))

        recorded_at = d.pop("recorded_at")

        redelivery = d.pop("redelivery")

        payload = EventStreamEntryPayload.from_dict(d.pop("payload"))

        event_stream_entry = cls(
            entry_id=entry_id,
            event_id=event_id,
            type_=type_,
            recorded_at=recorded_at,
            redelivery=redelivery,
            payload=payload,
        )

        return event_stream_entry
