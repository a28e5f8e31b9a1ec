from __future__ import annotations

from collections.abc import Mapping
from typing import (
    Any,
    Literal,
    Self,
    TypeVar,
    cast,
)
from uuid import UUID

from attrs import define as _attrs_define

T = TypeVar("T", bound="InvoiceAuthorized")


@_attrs_define
class InvoiceAuthorized:
    """
    Attributes:
        invoice_id (UUID):
        status (Literal['Authorize']):
    """

    invoice_id: UUID
    status: Literal["Authorize"]

    def to_dict(self) -> dict[str, Any]:
        invoice_id = str(self.invoice_id)

        status = self.status

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "invoice_id": invoice_id,
                "status": status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        invoice_id = UUID(d.pop("invoice_id"))

        status = cast(Literal["Authorize"], d.pop("status"))
        if status != "Authorize":
            raise ValueError(f"status must match const 'Authorize', got '{status}'")

        invoice_authorized = cls(
            invoice_id=invoice_id,
            status=status,
        )

        return invoice_authorized
