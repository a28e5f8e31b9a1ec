from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.billing_check_customer import BillingCheckCustomer


T = TypeVar("T", bound="BillingCheckByCustomer")


@_attrs_define
class BillingCheckByCustomer:
    """version 4 signs the customerPayload: the msisdn

    Attributes:
        customer (BillingCheckCustomer):
        msisdn (Any | Unset):
    """

    customer: BillingCheckCustomer
    msisdn: Any | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        customer = self.customer.to_dict()

        msisdn = self.msisdn

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "customer": customer,
            }
        )
        if msisdn is not UNSET:
            field_dict["msisdn"] = msisdn

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.billing_check_customer import BillingCheckCustomer

        d = dict(src_dict)
        customer = BillingCheckCustomer.from_dict(d.pop("customer"))

        msisdn = d.pop("msisdn", UNSET)

        billing_check_by_customer = cls(
            customer=customer,
            msisdn=msisdn,
        )

        billing_check_by_customer.additional_properties = d
        return billing_check_by_customer

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
