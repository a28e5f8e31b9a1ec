from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="BankCard")


@_attrs_define
class BankCard:
    """Card data: on the PCI host only, with customer.type bank_card. Never stored but its last four digits; the security
    code never.

        Attributes:
            pan (str):
            expiration_month (int | str):
            expiration_year (int | str):
            security_code (str):
            cardholder (str | Unset):
    """

    pan: str
    expiration_month: int | str
    expiration_year: int | str
    security_code: str
    cardholder: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        pan = self.pan

        expiration_month: int | str
        expiration_month = self.expiration_month

        expiration_year: int | str
        expiration_year = self.expiration_year

        security_code = self.security_code

        cardholder = self.cardholder

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "pan": pan,
                "expiration_month": expiration_month,
                "expiration_year": expiration_year,
                "security_code": security_code,
            }
        )
        if cardholder is not UNSET:
            field_dict["cardholder"] = cardholder

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        pan = d.pop("pan")

        def _parse_expiration_month(data: object) -> int | str:
            return cast(int | str, data)

        expiration_month = _parse_expiration_month(d.pop("expiration_month"))

        def _parse_expiration_year(data: object) -> int | str:
            return cast(int | str, data)

        expiration_year = _parse_expiration_year(d.pop("expiration_year"))

        security_code = d.pop("security_code")

        cardholder = d.pop("cardholder", UNSET)

        bank_card = cls(
            pan=pan,
            expiration_month=expiration_month,
            expiration_year=expiration_year,
            security_code=security_code,
            cardholder=cardholder,
        )

        bank_card.additional_properties = d
        return bank_card

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
