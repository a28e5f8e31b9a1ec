from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.test_clock import TestClock


T = TypeVar("T", bound="TestClocks")


@_attrs_define
class TestClocks:
    """
    Attributes:
        test_clocks (list[TestClock]):
    """

    test_clocks: list[TestClock]

    def to_dict(self) -> dict[str, Any]:
        test_clocks = []
        for test_clocks_item_data in self.test_clocks:
            test_clocks_item = test_clocks_item_data.to_dict()
            test_clocks.append(test_clocks_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "test_clocks": test_clocks,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.test_clock import TestClock

        d = dict(src_dict)
        test_clocks = []
        _test_clocks = d.pop("test_clocks")
        for test_clocks_item_data in _test_clocks:
            test_clocks_item = TestClock.from_dict(test_clocks_item_data)

            test_clocks.append(test_clocks_item)

        test_clocks = cls(
            test_clocks=test_clocks,
        )

        return test_clocks
