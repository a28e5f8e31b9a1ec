from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.event_type import EventType, check_event_type
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.event_data import EventData


T = TypeVar("T", bound="Event")


@_attrs_define
class Event:
    """
    Attributes:
        id (str):
        type_ (EventType):
        occurred_at (datetime.datetime): ISO 8601 UTC, YYYY-MM-DDThh:mm:ssZ Example: 2026-11-22T10:00:00Z.
        data (EventData):
        request_id (str | Unset): The X-Request-Id of the call that caused the event
        idempotency_key (str | Unset): The Idempotency-Key that call carried, if any
    """

    id: str
    type_: EventType
    occurred_at: datetime.datetime
    data: EventData
    request_id: str | Unset = UNSET
    idempotency_key: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        type_: str = self.type_

        occurred_at = self.occurred_at.isoformat()

        data = self.data.to_dict()

        request_id = self.request_id

        idempotency_key = self.idempotency_key

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "type": type_,
                "occurred_at": occurred_at,
                "data": data,
            }
        )
        if request_id is not UNSET:
            field_dict["request_id"] = request_id
        if idempotency_key is not UNSET:
            field_dict["idempotency_key"] = idempotency_key

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.event_data import EventData

        d = dict(src_dict)
        id = d.pop("id")

        type_ = check_event_type(d.pop("type"))

        occurred_at = datetime.datetime.fromisoformat(d.pop("occurred_at"))

        data = EventData.from_dict(d.pop("data"))

        request_id = d.pop("request_id", UNSET)

        idempotency_key = d.pop("idempotency_key", UNSET)

        event = cls(
            id=id,
            type_=type_,
            occurred_at=occurred_at,
            data=data,
            request_id=request_id,
            idempotency_key=idempotency_key,
        )

        return event
