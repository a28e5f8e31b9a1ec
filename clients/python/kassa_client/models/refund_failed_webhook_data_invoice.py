from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.refund_failed_webhook_data_invoice_payment_status import (
    RefundFailedWebhookDataInvoicePaymentStatus,
    check_refund_failed_webhook_data_invoice_payment_status,
)
from ..models.refund_failed_webhook_data_invoice_status import (
    RefundFailedWebhookDataInvoiceStatus,
    check_refund_failed_webhook_data_invoice_status,
)

T = TypeVar("T", bound="RefundFailedWebhookDataInvoice")


@_attrs_define
class RefundFailedWebhookDataInvoice:
    """
    Attributes:
        invoice_id (str):
        merchant_order_id (str):
        status (RefundFailedWebhookDataInvoiceStatus):
        payment_status (RefundFailedWebhookDataInvoicePaymentStatus):
    """

    invoice_id: str
    merchant_order_id: str
    status: RefundFailedWebhookDataInvoiceStatus
    payment_status: RefundFailedWebhookDataInvoicePaymentStatus

    def to_dict(self) -> dict[str, Any]:
        invoice_id = self.invoice_id

        merchant_order_id = self.merchant_order_id

        status: str = self.status

        payment_status: str = self.payment_status

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "invoice_id": invoice_id,
                "merchant_order_id": merchant_order_id,
                "status": status,
                "payment_status": payment_status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        invoice_id = d.pop("invoice_id")

        merchant_order_id = d.pop("merchant_order_id")

        status = check_refund_failed_webhook_data_invoice_status(d.pop("status"))

        payment_status = check_refund_failed_webhook_data_invoice_payment_status(
            d.pop("payment_status")
        )

        refund_failed_webhook_data_invoice = cls(
            invoice_id=invoice_id,
            merchant_order_id=merchant_order_id,
            status=status,
            payment_status=payment_status,
        )

        return refund_failed_webhook_data_invoice
