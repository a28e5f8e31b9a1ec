from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="Money")


@_attrs_define
class Money:
    """
    Example:
        {'amount': '10.00', 'currency': 'RUB'}

    Attributes:
        amount (str):
        currency (str):
        vat_included (bool | Unset):
    """

    amount: str
    currency: str
    vat_included: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        amount = self.amount

        currency = self.currency

        vat_included = self.vat_included

        field_dict: dict[str, Any] = {}

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

        money = cls(
            amount=amount,
            currency=currency,
            vat_included=vat_included,
        )

        return money
