from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.customer import Customer


T = TypeVar("T", bound="BillingCheck")


@_attrs_define
class BillingCheck:
    """
    Attributes:
        supported (bool):
        customer (Customer):
    """

    supported: bool
    customer: Customer

    def to_dict(self) -> dict[str, Any]:
        supported = self.supported

        customer = self.customer.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "supported": supported,
                "customer": customer,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.customer import Customer

        d = dict(src_dict)
        supported = d.pop("supported")

        customer = Customer.from_dict(d.pop("customer"))

        billing_check = cls(
            supported=supported,
            customer=customer,
        )

        return billing_check
