from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.customer_type import CustomerType, check_customer_type
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.customer_network import CustomerNetwork
    from ..models.customer_operator import CustomerOperator


T = TypeVar("T", bound="Customer")


@_attrs_define
class Customer:
    """
    Attributes:
        type_ (CustomerType):
        msisdn (str | Unset): masked (7900****567) in GET /invoices?merchant_order_id=
        email (str | Unset):
        country (str | Unset):
        network (CustomerNetwork | Unset):
        operator (CustomerOperator | Unset):
        source (str | Unset):
        merchant_customer_id (str | Unset):
    """

    type_: CustomerType
    msisdn: str | Unset = UNSET
    email: str | Unset = UNSET
    country: str | Unset = UNSET
    network: CustomerNetwork | Unset = UNSET
    operator: CustomerOperator | Unset = UNSET
    source: str | Unset = UNSET
    merchant_customer_id: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        type_: str = self.type_

        msisdn = self.msisdn

        email = self.email

        country = self.country

        network: dict[str, Any] | Unset = UNSET
        if not isinstance(self.network, Unset):
            network = self.network.to_dict()

        operator: dict[str, Any] | Unset = UNSET
        if not isinstance(self.operator, Unset):
            operator = self.operator.to_dict()

        source = self.source

        merchant_customer_id = self.merchant_customer_id

        field_dict: dict[str, Any] = {}

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
        if network is not UNSET:
            field_dict["network"] = network
        if operator is not UNSET:
            field_dict["operator"] = operator
        if source is not UNSET:
            field_dict["source"] = source
        if merchant_customer_id is not UNSET:
            field_dict["merchant_customer_id"] = merchant_customer_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.customer_network import CustomerNetwork
        from ..models.customer_operator import CustomerOperator

        d = dict(src_dict)
        type_ = check_customer_type(d.pop("type"))

        msisdn = d.pop("msisdn", UNSET)

        email = d.pop("email", UNSET)

        country = d.pop("country", UNSET)

        _network = d.pop("network", UNSET)
        network: CustomerNetwork | Unset
        if isinstance(_network, Unset):
            network = UNSET
        else:
            network = CustomerNetwork.from_dict(_network)

        _operator = d.pop("operator", UNSET)
        operator: CustomerOperator | Unset
        if isinstance(_operator, Unset):
            operator = UNSET
        else:
            operator = CustomerOperator.from_dict(_operator)

        source = d.pop("source", UNSET)

        merchant_customer_id = d.pop("merchant_customer_id", UNSET)

        customer = cls(
            type_=type_,
            msisdn=msisdn,
            email=email,
            country=country,
            network=network,
            operator=operator,
            source=source,
            merchant_customer_id=merchant_customer_id,
        )

        return customer
