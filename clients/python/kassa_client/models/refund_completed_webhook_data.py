from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.refund_completed_webhook_data_invoice import (
        RefundCompletedWebhookDataInvoice,
    )
    from ..models.refund_completed_webhook_data_refund import (
        RefundCompletedWebhookDataRefund,
    )


T = TypeVar("T", bound="RefundCompletedWebhookData")


@_attrs_define
class RefundCompletedWebhookData:
    """
    Attributes:
        invoice (RefundCompletedWebhookDataInvoice):
        refund (RefundCompletedWebhookDataRefund):
    """

    invoice: RefundCompletedWebhookDataInvoice
    refund: RefundCompletedWebhookDataRefund

    def to_dict(self) -> dict[str, Any]:
        invoice = self.invoice.to_dict()

        refund = self.refund.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "invoice": invoice,
                "refund": refund,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.refund_completed_webhook_data_invoice import (
            RefundCompletedWebhookDataInvoice,
        )
        from ..models.refund_completed_webhook_data_refund import (
            RefundCompletedWebhookDataRefund,
        )

        d = dict(src_dict)
        invoice = RefundCompletedWebhookDataInvoice.from_dict(d.pop("invoice"))

        refund = RefundCompletedWebhookDataRefund.from_dict(d.pop("refund"))

        refund_completed_webhook_data = cls(
            invoice=invoice,
            refund=refund,
        )

        return refund_completed_webhook_data
