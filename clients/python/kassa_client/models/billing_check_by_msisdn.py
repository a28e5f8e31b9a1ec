from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="BillingCheckByMsisdn")


@_attrs_define
class BillingCheckByMsisdn:
    """the spec's shape; version 4 signs an empty requestPayload (the number is not signed)

    Attributes:
        msisdn (str): E.164, digits only Example: 79001234567.
        customer (Any | Unset):
    """

    msisdn: str
    customer: Any | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        msisdn = self.msisdn

        customer = self.customer

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "msisdn": msisdn,
            }
        )
        if customer is not UNSET:
            field_dict["customer"] = customer

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        msisdn = d.pop("msisdn")

        customer = d.pop("customer", UNSET)

        billing_check_by_msisdn = cls(
            msisdn=msisdn,
            customer=customer,
        )

        billing_check_by_msisdn.additional_properties = d
        return billing_check_by_msisdn

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
