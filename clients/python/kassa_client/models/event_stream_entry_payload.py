from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.event_stream_entry_payload_type import (
    EventStreamEntryPayloadType,
    check_event_stream_entry_payload_type,
)

if TYPE_CHECKING:
    from ..models.event_stream_entry_payload_data import EventStreamEntryPayloadData


T = TypeVar("T", bound="EventStreamEntryPayload")


@_attrs_define
class EventStreamEntryPayload:
    """The body a webhook endpoint gets for the event (this document's webhooks show each type's)

    Attributes:
        type_ (EventStreamEntryPayloadType):
        data (EventStreamEntryPayloadData):
    """

    type_: EventStreamEntryPayloadType
    data: EventStreamEntryPayloadData

    def to_dict(self) -> dict[str, Any]:
        type_: str = self.type_

        data = self.data.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "data": data,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.event_stream_entry_payload_data import EventStreamEntryPayloadData

        d = dict(src_dict)
        type_ = check_event_stream_entry_payload_type(d.pop("type"))

        data = EventStreamEntryPayloadData.from_dict(d.pop("data"))

        event_stream_entry_payload = cls(
            type_=type_,
            data=data,
        )

        return event_stream_entry_payload
