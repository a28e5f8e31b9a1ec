from __future__ import annotations

from collections.abc import Mapping
from typing import (
    Any,
    Literal,
    Self,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define

from ..models.legacy_payment_webhook_billing_result import (
    LegacyPaymentWebhookBillingResult,
    check_legacy_payment_webhook_billing_result,
)
from ..models.legacy_payment_webhook_payment_status import (
    LegacyPaymentWebhookPaymentStatus,
    check_legacy_payment_webhook_payment_status,
)
from ..models.legacy_payment_webhook_status import (
    LegacyPaymentWebhookStatus,
    check_legacy_payment_webhook_status,
)
from ..models.legacy_payment_webhook_transaction_status import (
    LegacyPaymentWebhookTransactionStatus,
    check_legacy_payment_webhook_transaction_status,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="LegacyPaymentWebhook")


@_attrs_define
class LegacyPaymentWebhook:
    """The legacy envelope of payment notifications (projects with webhookFormat "legacy").

    Attributes:
        event (Literal['payment.updated']):
        event_id (str):
        invoice_id (str):
        merchant_order_id (str):
        status (LegacyPaymentWebhookStatus):
        payment_status (LegacyPaymentWebhookPaymentStatus):
        transaction_id (str):
        transaction_status (LegacyPaymentWebhookTransactionStatus):
        result_code (int):
        result_description (str):
        amount (str):
        currency (str):
        occurred_at (str): ISO 8601 UTC, YYYY-MM-DDThh:mm:ssZ Example: 2026-11-22T10:00:00Z.
        billing_result (LegacyPaymentWebhookBillingResult | Unset): test environment only: the outcome test_info chose
    """

    event: Literal["payment.updated"]
    event_id: str
    invoice_id: str
    merchant_order_id: str
    status: LegacyPaymentWebhookStatus
    payment_status: LegacyPaymentWebhookPaymentStatus
    transaction_id: str
    transaction_status: LegacyPaymentWebhookTransactionStatus
    result_code: int
    result_description: str
    amount: str
    currency: str
    occurred_at: str
    billing_result: LegacyPaymentWebhookBillingResult | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        event = self.event

        event_id = self.event_id

        invoice_id = self.invoice_id

        merchant_order_id = self.merchant_order_id

        status: str = self.status

        payment_status: str = self.payment_status

        transaction_id = self.transaction_id

        transaction_status: str = self.transaction_status

        result_code = self.result_code

        result_description = self.result_description

        amount = self.amount

        currency = self.currency

        occurred_at = self.occurred_at

        billing_result: str | Unset = UNSET
        if not isinstance(self.billing_result, Unset):
            billing_result = self.billing_result

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "event": event,
                "event_id": event_id,
                "invoice_id": invoice_id,
                "merchant_order_id": merchant_order_id,
                "status": status,
                "payment_status": payment_status,
                "transaction_id": transaction_id,
                "transaction_status": transaction_status,
                "result_code": result_code,
                "result_description": result_description,
                "amount": amount,
                "currency": currency,
                "occurred_at": occurred_at,
            }
        )
        if billing_result is not UNSET:
            field_dict["billing_result"] = billing_result

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        event = cast(Literal["payment.updated"], d.pop("event"))
        if event != "payment.updated":
            raise ValueError(f"event must match const 'payment.updated', got '{event}'")

        event_id = d.pop("event_id")

        invoice_id = d.pop("invoice_id")

        merchant_order_id = d.pop("merchant_order_id")

        status = check_legacy_payment_webhook_status(d.pop("status"))

        payment_status = check_legacy_payment_webhook_payment_status(
            d.pop("payment_status")
        )

        transaction_id = d.pop("transaction_id")

        transaction_status = check_legacy_payment_webhook_transaction_status(
            d.pop("transaction_status")
        )

        result_code = d.pop("result_code")

        result_description = d.pop("result_description")

        amount = d.pop("amount")

        currency = d.pop("currency")

        occurred_at = d.pop("occurred_at")

        _billing_result = d.pop("billing_result", UNSET)
        billing_result: LegacyPaymentWebhookBillingResult | Unset
        if isinstance(_billing_result, Unset):
            billing_result = UNSET
        else:
            billing_result = check_legacy_payment_webhook_billing_result(
                _billing_result
            )

        legacy_payment_webhook = cls(
            event=event,
            event_id=event_id,
            invoice_id=invoice_id,
            merchant_order_id=merchant_order_id,
            status=status,
            payment_status=payment_status,
            transaction_id=transaction_id,
            transaction_status=transaction_status,
            result_code=result_code,
            result_description=result_description,
            amount=amount,
            currency=currency,
            occurred_at=occurred_at,
            billing_result=billing_result,
        )

        return legacy_payment_webhook
