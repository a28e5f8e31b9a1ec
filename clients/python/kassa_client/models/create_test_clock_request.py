from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="CreateTestClockRequest")


@_attrs_define
class CreateTestClockRequest:
    """
    Example:
        {'frozen_time': '2027-01-01T00:00:00Z', 'name': 'renewals'}

    Attributes:
        frozen_time (datetime.datetime):  Example: 2027-01-01T00:00:00Z.
        name (str | Unset):
    """

    frozen_time: datetime.datetime
    name: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        frozen_time = self.frozen_time.isoformat()

        name = self.name

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "frozen_time": frozen_time,
            }
        )
        if name is not UNSET:
            field_dict["name"] = name

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        frozen_time = datetime.datetime.fromisoformat(d.pop("frozen_time"))

        name = d.pop("name", UNSET)

        create_test_clock_request = cls(
            frozen_time=frozen_time,
            name=name,
        )

        create_test_clock_request.additional_properties = d
        return create_test_clock_request

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
