from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..models.refund_refund_status import RefundRefundStatus, check_refund_refund_status

T = TypeVar("T", bound="Refund")


@_attrs_define
class Refund:
    """
    Attributes:
        invoice_id (UUID):
        refund_status (RefundRefundStatus):
    """

    invoice_id: UUID
    refund_status: RefundRefundStatus

    def to_dict(self) -> dict[str, Any]:
        invoice_id = str(self.invoice_id)

        refund_status: str = self.refund_status

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "invoice_id": invoice_id,
                "refund_status": refund_status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        invoice_id = UUID(d.pop("invoice_id"))

        refund_status = check_refund_refund_status(d.pop("refund_status"))

        refund = cls(
            invoice_id=invoice_id,
            refund_status=refund_status,
        )

        return refund
