from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.refund_failed_webhook_data_invoice import (
        RefundFailedWebhookDataInvoice,
    )
    from ..models.refund_failed_webhook_data_refund import RefundFailedWebhookDataRefund


T = TypeVar("T", bound="RefundFailedWebhookData")


@_attrs_define
class RefundFailedWebhookData:
    """
    Attributes:
        invoice (RefundFailedWebhookDataInvoice):
        refund (RefundFailedWebhookDataRefund):
    """

    invoice: RefundFailedWebhookDataInvoice
    refund: RefundFailedWebhookDataRefund

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
        from ..models.refund_failed_webhook_data_invoice import (
            RefundFailedWebhookDataInvoice,
        )
        from ..models.refund_failed_webhook_data_refund import (
            RefundFailedWebhookDataRefund,
        )

        d = dict(src_dict)
        invoice = RefundFailedWebhookDataInvoice.from_dict(d.pop("invoice"))

        refund = RefundFailedWebhookDataRefund.from_dict(d.pop("refund"))

        refund_failed_webhook_data = cls(
            invoice=invoice,
            refund=refund,
        )

        return refund_failed_webhook_data
