from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.webhook_customer_type import (
    WebhookCustomerType,
    check_webhook_customer_type,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="WebhookCustomer")


@_attrs_define
class WebhookCustomer:
    """The customer; never card data.

    Attributes:
        type_ (WebhookCustomerType):
        msisdn (str | Unset): mobile_phone
        source (str | Unset): card types
        merchant_customer_id (str | Unset): card types
        country (str | Unset): card types
    """

    type_: WebhookCustomerType
    msisdn: str | Unset = UNSET
    source: str | Unset = UNSET
    merchant_customer_id: str | Unset = UNSET
    country: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        type_: str = self.type_

        msisdn = self.msisdn

        source = self.source

        merchant_customer_id = self.merchant_customer_id

        country = self.country

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
            }
        )
        if msisdn is not UNSET:
            field_dict["msisdn"] = msisdn
        if source is not UNSET:
            field_dict["source"] = source
        if merchant_customer_id is not UNSET:
            field_dict["merchant_customer_id"] = merchant_customer_id
        if country is not UNSET:
            field_dict["country"] = country

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = check_webhook_customer_type(d.pop("type"))

        msisdn = d.pop("msisdn", UNSET)

        source = d.pop("source", UNSET)

        merchant_customer_id = d.pop("merchant_customer_id", UNSET)

        country = d.pop("country", UNSET)

        webhook_customer = cls(
            type_=type_,
            msisdn=msisdn,
            source=source,
            merchant_customer_id=merchant_customer_id,
            country=country,
        )

        return webhook_customer
