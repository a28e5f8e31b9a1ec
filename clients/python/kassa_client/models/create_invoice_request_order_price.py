from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="CreateInvoiceRequestOrderPrice")


@_attrs_define
class CreateInvoiceRequestOrderPrice:
    """amount with two fraction digits, e.g. "10.00"

    Attributes:
        amount (str):
        currency (str):
        vat_included (bool | Unset):
    """

    amount: str
    currency: str
    vat_included: bool | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        amount = self.amount

        currency = self.currency

        vat_included = self.vat_included

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "amount": amount,
                "currency": currency,
            }
        )
        if vat_included is not UNSET:
            field_dict["vat_included"] = vat_included

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        amount = d.pop("amount")

        currency = d.pop("currency")

        vat_included = d.pop("vat_included", UNSET)

        create_invoice_request_order_price = cls(
            amount=amount,
            currency=currency,
            vat_included=vat_included,
        )

        create_invoice_request_order_price.additional_properties = d
        return create_invoice_request_order_price

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
