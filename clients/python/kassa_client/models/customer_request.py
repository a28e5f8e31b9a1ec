from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.customer_request_type import (
    CustomerRequestType,
    check_customer_request_type,
)
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.bank_card import BankCard


T = TypeVar("T", bound="CustomerRequest")


@_attrs_define
class CustomerRequest:
    """
    Attributes:
        type_ (CustomerRequestType):
        msisdn (str | Unset): E.164, digits only Example: 79001234567.
        email (str | Unset):
        country (str | Unset):
        source (str | Unset):
        merchant_customer_id (str | Unset):
        bank_card (BankCard | Unset): Card data: on the PCI host only, with customer.type bank_card. Never stored but
            its last four digits; the security code never.
    """

    type_: CustomerRequestType
    msisdn: str | Unset = UNSET
    email: str | Unset = UNSET
    country: str | Unset = UNSET
    source: str | Unset = UNSET
    merchant_customer_id: str | Unset = UNSET
    bank_card: BankCard | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_: str = self.type_

        msisdn = self.msisdn

        email = self.email

        country = self.country

        source = self.source

        merchant_customer_id = self.merchant_customer_id

        bank_card: dict[str, Any] | Unset = UNSET
        if not isinstance(self.bank_card, Unset):
            bank_card = self.bank_card.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
            }
        )
        if msisdn is not UNSET:
            field_dict["msisdn"] = msisdn
        if email is not UNSET:
            field_dict["email"] = email
        if country is not UNSET:
            field_dict["country"] = country
        if source is not UNSET:
            field_dict["source"] = source
        if merchant_customer_id is not UNSET:
            field_dict["merchant_customer_id"] = merchant_customer_id
        if bank_card is not UNSET:
            field_dict["bank_card"] = bank_card

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.bank_card import BankCard

        d = dict(src_dict)
        type_ = check_customer_request_type(d.pop("type"))

        msisdn = d.pop("msisdn", UNSET)

        email = d.pop("email", UNSET)

        country = d.pop("country", UNSET)

        source = d.pop("source", UNSET)

        merchant_customer_id = d.pop("merchant_customer_id", UNSET)

        _bank_card = d.pop("bank_card", UNSET)
        bank_card: BankCard | Unset
        if isinstance(_bank_card, Unset):
            bank_card = UNSET
        else:
            bank_card = BankCard.from_dict(_bank_card)

        customer_request = cls(
            type_=type_,
            msisdn=msisdn,
            email=email,
            country=country,
            source=source,
            merchant_customer_id=merchant_customer_id,
            bank_card=bank_card,
        )

        customer_request.additional_properties = d
        return customer_request

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
