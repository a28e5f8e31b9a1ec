from __future__ import annotations

from collections.abc import Mapping
from typing import (
    Any,
    Literal,
    Self,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="BillingCheckCustomer")


@_attrs_define
class BillingCheckCustomer:
    """
    Attributes:
        type_ (Literal['mobile_phone']):
        msisdn (str): E.164, digits only Example: 79001234567.
    """

    type_: Literal["mobile_phone"]
    msisdn: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        msisdn = self.msisdn

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "msisdn": msisdn,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = cast(Literal["mobile_phone"], d.pop("type"))
        if type_ != "mobile_phone":
            raise ValueError(f"type must match const 'mobile_phone', got '{type_}'")

        msisdn = d.pop("msisdn")

        billing_check_customer = cls(
            type_=type_,
            msisdn=msisdn,
        )

        billing_check_customer.additional_properties = d
        return billing_check_customer

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
