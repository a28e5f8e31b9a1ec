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

T = TypeVar("T", bound="InvoiceCancelled")


@_attrs_define
class InvoiceCancelled:
    """
    Attributes:
        invoice_id (UUID):
        status (Literal['Cancelled']):
    """

    invoice_id: UUID
    status: Literal["Cancelled"]

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

        status = cast(Literal["Cancelled"], d.pop("status"))
        if status != "Cancelled":
            raise ValueError(f"status must match const 'Cancelled', got '{status}'")

        invoice_cancelled = cls(
            invoice_id=invoice_id,
            status=status,
        )

        return invoice_cancelled
