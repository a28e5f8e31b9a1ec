from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.create_invoice_request_order_price import (
        CreateInvoiceRequestOrderPrice,
    )


T = TypeVar("T", bound="CreateInvoiceRequestOrder")


@_attrs_define
class CreateInvoiceRequestOrder:
    """
    Attributes:
        merchant_order_id (str):
        price (CreateInvoiceRequestOrderPrice | Unset): amount with two fraction digits, e.g. "10.00"
        description (str | Unset):
    """

    merchant_order_id: str
    price: CreateInvoiceRequestOrderPrice | Unset = UNSET
    description: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        merchant_order_id = self.merchant_order_id

        price: dict[str, Any] | Unset = UNSET
        if not isinstance(self.price, Unset):
            price = self.price.to_dict()

        description = self.description

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "merchant_order_id": merchant_order_id,
            }
        )
        if price is not UNSET:
            field_dict["price"] = price
        if description is not UNSET:
            field_dict["description"] = description

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.create_invoice_request_order_price import (
            CreateInvoiceRequestOrderPrice,
        )

        d = dict(src_dict)
        merchant_order_id = d.pop("merchant_order_id")

        _price = d.pop("price", UNSET)
        price: CreateInvoiceRequestOrderPrice | Unset
        if isinstance(_price, Unset):
            price = UNSET
        else:
            price = CreateInvoiceRequestOrderPrice.from_dict(_price)

        description = d.pop("description", UNSET)

        create_invoice_request_order = cls(
            merchant_order_id=merchant_order_id,
            price=price,
            description=description,
        )

        create_invoice_request_order.additional_properties = d
        return create_invoice_request_order

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
