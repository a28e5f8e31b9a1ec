from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.invoice_authorization_type import (
    InvoiceAuthorizationType,
    check_invoice_authorization_type,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="InvoiceAuthorization")


@_attrs_define
class InvoiceAuthorization:
    """
    Attributes:
        type_ (InvoiceAuthorizationType):
        is_authorized (bool):
        url (str | Unset): the payment page (AUTH_PAGE)
        token (str | Unset): the widget token (card branch): opaque, pass it on as received
    """

    type_: InvoiceAuthorizationType
    is_authorized: bool
    url: str | Unset = UNSET
    token: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        type_: str = self.type_

        is_authorized = self.is_authorized

        url = self.url

        token = self.token

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "is_authorized": is_authorized,
            }
        )
        if url is not UNSET:
            field_dict["url"] = url
        if token is not UNSET:
            field_dict["token"] = token

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = check_invoice_authorization_type(d.pop("type"))

        is_authorized = d.pop("is_authorized")

        url = d.pop("url", UNSET)

        token = d.pop("token", UNSET)

        invoice_authorization = cls(
            type_=type_,
            is_authorized=is_authorized,
            url=url,
            token=token,
        )

        return invoice_authorization
