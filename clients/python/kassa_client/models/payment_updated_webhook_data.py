from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.payment_updated_webhook_data_invoice import (
        PaymentUpdatedWebhookDataInvoice,
    )
    from ..models.payment_updated_webhook_data_transaction import (
        PaymentUpdatedWebhookDataTransaction,
    )
    from ..models.webhook_customer import WebhookCustomer


T = TypeVar("T", bound="PaymentUpdatedWebhookData")


@_attrs_define
class PaymentUpdatedWebhookData:
    """
    Attributes:
        invoice (PaymentUpdatedWebhookDataInvoice):
        transaction (PaymentUpdatedWebhookDataTransaction):
        customer (WebhookCustomer): The customer; never card data.
    """

    invoice: PaymentUpdatedWebhookDataInvoice
    transaction: PaymentUpdatedWebhookDataTransaction
    customer: WebhookCustomer

    def to_dict(self) -> dict[str, Any]:
        invoice = self.invoice.to_dict()

        transaction = self.transaction.to_dict()

        customer = self.customer.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "invoice": invoice,
                "transaction": transaction,
                "customer": customer,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.payment_updated_webhook_data_invoice import (
            PaymentUpdatedWebhookDataInvoice,
        )
        from ..models.payment_updated_webhook_data_transaction import (
            PaymentUpdatedWebhookDataTransaction,
        )
        from ..models.webhook_customer import WebhookCustomer

        d = dict(src_dict)
        invoice = PaymentUpdatedWebhookDataInvoice.from_dict(d.pop("invoice"))

        transaction = PaymentUpdatedWebhookDataTransaction.from_dict(
            d.pop("transaction")
        )

        customer = WebhookCustomer.from_dict(d.pop("customer"))

        payment_updated_webhook_data = cls(
            invoice=invoice,
            transaction=transaction,
            customer=customer,
        )

        return payment_updated_webhook_data
