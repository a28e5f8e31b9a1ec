from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.events_page_events_item import EventsPageEventsItem


T = TypeVar("T", bound="EventsPage")


@_attrs_define
class EventsPage:
    """
    Attributes:
        events (list[EventsPageEventsItem]):
        next_after (str | Unset): pass as `after` for the next (older) page; absent on the last page
    """

    events: list[EventsPageEventsItem]
    next_after: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        events = []
        for events_item_data in self.events:
            events_item = events_item_data.to_dict()
            events.append(events_item)

        next_after = self.next_after

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "events": events,
            }
        )
        if next_after is not UNSET:
            field_dict["next_after"] = next_after

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.events_page_events_item import EventsPageEventsItem

        d = dict(src_dict)
        events = []
        _events = d.pop("events")
        for events_item_data in _events:
            events_item = EventsPageEventsItem.from_dict(events_item_data)

            events.append(events_item)

        next_after = d.pop("next_after", UNSET)

        events_page = cls(
            events=events,
            next_after=next_after,
        )

        return events_page
