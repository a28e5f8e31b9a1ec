from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="CreateContractRequestTestInfo")


@_attrs_define
class CreateContractRequestTestInfo:
    """test environment only: test_clock_id attaches the contract to a test clock

    Attributes:
        test_clock_id (str | Unset): a test clock of the project (POST test_clocks)
    """

    test_clock_id: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        test_clock_id = self.test_clock_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if test_clock_id is not UNSET:
            field_dict["test_clock_id"] = test_clock_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        test_clock_id = d.pop("test_clock_id", UNSET)

        create_contract_request_test_info = cls(
            test_clock_id=test_clock_id,
        )

        create_contract_request_test_info.additional_properties = d
        return create_contract_request_test_info

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
