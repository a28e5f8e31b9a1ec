from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.test_clock import TestClock


T = TypeVar("T", bound="TestClocks")


@_attrs_define
class TestClocks:
    """
    Attributes:
        items (list[TestClock]):
        next_cursor (None | str): pass as `cursor` for the next (older) page; null on the last page
        test_clocks (list[TestClock]): the same as items: the name of before, for one minor version
    """

    items: list[TestClock]
    next_cursor: None | str
    test_clocks: list[TestClock]

    def to_dict(self) -> dict[str, Any]:
        items = []
        for items_item_data in self.items:
            items_item = items_item_data.to_dict()
            items.append(items_item)

        next_cursor: None | str
        next_cursor = self.next_cursor

        test_clocks = []
        for test_clocks_item_data in self.test_clocks:
            test_clocks_item = test_clocks_item_data.to_dict()
            test_clocks.append(test_clocks_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "items": items,
                "next_cursor": next_cursor,
                "test_clocks": test_clocks,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.test_clock import TestClock

        d = dict(src_dict)
        items = []
        _items = d.pop("items")
        for items_item_data in _items:
            items_item = TestClock.from_dict(items_item_data)

            items.append(items_item)

        def _parse_next_cursor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_cursor = _parse_next_cursor(d.pop("next_cursor"))

        test_clocks = []
        _test_clocks = d.pop("test_clocks")
        for test_clocks_item_data in _test_clocks:
            test_clocks_item = TestClock.from_dict(test_clocks_item_data)

            test_clocks.append(test_clocks_item)

        test_clocks = cls(
            items=items,
            next_cursor=next_cursor,
            test_clocks=test_clocks,
        )

        return test_clocks
