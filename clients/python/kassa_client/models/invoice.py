from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..models.invoice_payment_status import (
    InvoicePaymentStatus,
    check_invoice_payment_status,
)
from ..models.invoice_refund_status import (
    InvoiceRefundStatus,
    check_invoice_refund_status,
)
from ..models.invoice_status import InvoiceStatus, check_invoice_status
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.customer import Customer
    from ..models.invoice_authorization import InvoiceAuthorization
    from ..models.invoice_contract import InvoiceContract
    from ..models.money import Money
    from ..models.transaction import Transaction


T = TypeVar("T", bound="Invoice")


@_attrs_define
class Invoice:
    """
    Attributes:
        invoice_id (UUID):
        status (InvoiceStatus):
        payment_status (InvoicePaymentStatus):
        authorization (InvoiceAuthorization):
        price (Money):  Example: {'amount': '10.00', 'currency': 'RUB'}.
        merchant_order_id (str):
        created_at (datetime.datetime): ISO 8601 UTC, YYYY-MM-DDThh:mm:ssZ Example: 2026-11-22T10:00:00Z.
        expires_at (datetime.datetime): ISO 8601 UTC, YYYY-MM-DDThh:mm:ssZ Example: 2026-11-22T10:00:00Z.
        billing_channel (str):
        customer (Customer):
        transactions (list[Transaction]):
        contract (InvoiceContract | Unset):
        refund_status (InvoiceRefundStatus | Unset):
    """

    invoice_id: UUID
    status: InvoiceStatus
    payment_status: InvoicePaymentStatus
    authorization: InvoiceAuthorization
    price: Money
    merchant_order_id: str
    created_at: datetime.datetime
    expires_at: datetime.datetime
    billing_channel: str
    customer: Customer
    transactions: list[Transaction]
    contract: InvoiceContract | Unset = UNSET
    refund_status: InvoiceRefundStatus | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        invoice_id = str(self.invoice_id)

        status: str = self.status

        payment_status: str = self.payment_status

        authorization = self.authorization.to_dict()

        price = self.price.to_dict()

        merchant_order_id = self.merchant_order_id

        created_at = self.created_at.isoformat()

        expires_at = self.expires_at.isoformat()

        billing_channel = self.billing_channel

        customer = self.customer.to_dict()

        transactions = []
        for transactions_item_data in self.transactions:
            transactions_item = transactions_item_data.to_dict()
            transactions.append(transactions_item)

        contract: dict[str, Any] | Unset = UNSET
        if not isinstance(self.contract, Unset):
            contract = self.contract.to_dict()

        refund_status: str | Unset = UNSET
        if not isinstance(self.refund_status, Unset):
            refund_status = self.refund_status

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "invoice_id": invoice_id,
                "status": status,
                "payment_status": payment_status,
                "authorization": authorization,
                "price": price,
                "merchant_order_id": merchant_order_id,
                "created_at": created_at,
                "expires_at": expires_at,
                "billing_channel": billing_channel,
                "customer": customer,
                "transactions": transactions,
            }
        )
        if contract is not UNSET:
            field_dict["contract"] = contract
        if refund_status is not UNSET:
            field_dict["refund_status"] = refund_status

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.customer import Customer
        from ..models.invoice_authorization import InvoiceAuthorization
        from ..models.invoice_contract import InvoiceContract
        from ..models.money import Money
        from ..models.transaction import Transaction

        d = dict(src_dict)
        invoice_id = UUID(d.pop("invoice_id"))

        status = check_invoice_status(d.pop("status"))

        payment_status = check_invoice_payment_status(d.pop("payment_status"))

        authorization = InvoiceAuthorization.from_dict(d.pop("authorization"))

        price = Money.from_dict(d.pop("price"))

        merchant_order_id = d.pop("merchant_order_id")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        expires_at = datetime.datetime.fromisoformat(d.pop("expires_at"))

        billing_channel = d.pop("billing_channel")

        customer = Customer.from_dict(d.pop("customer"))

        transactions = []
        _transactions = d.pop("transactions")
        for transactions_item_data in _transactions:
            transactions_item = Transaction.from_dict(transactions_item_data)

            transactions.append(transactions_item)

        _contract = d.pop("contract", UNSET)
        contract: InvoiceContract | Unset
        if isinstance(_contract, Unset):
            contract = UNSET
        else:
            contract = InvoiceContract.from_dict(_contract)

        _refund_status = d.pop("refund_status", UNSET)
        refund_status: InvoiceRefundStatus | Unset
        if isinstance(_refund_status, Unset):
            refund_status = UNSET
        else:
            refund_status = check_invoice_refund_status(_refund_status)

        invoice = cls(
            invoice_id=invoice_id,
            status=status,
            payment_status=payment_status,
            authorization=authorization,
            price=price,
            merchant_order_id=merchant_order_id,
            created_at=created_at,
            expires_at=expires_at,
            billing_channel=billing_channel,
            customer=customer,
            transactions=transactions,
            contract=contract,
            refund_status=refund_status,
        )

        return invoice
