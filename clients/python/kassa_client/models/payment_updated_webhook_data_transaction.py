from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.payment_updated_webhook_data_transaction_status import (
    PaymentUpdatedWebhookDataTransactionStatus,
    check_payment_updated_webhook_data_transaction_status,
)
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.payment_updated_webhook_data_transaction_price import (
        PaymentUpdatedWebhookDataTransactionPrice,
    )


T = TypeVar("T", bound="PaymentUpdatedWebhookDataTransaction")


@_attrs_define
class PaymentUpdatedWebhookDataTransaction:
    """
    Attributes:
        transaction_id (str):
        status (PaymentUpdatedWebhookDataTransactionStatus):
        result_code (int):
        result_description (str):
        price (PaymentUpdatedWebhookDataTransactionPrice):
        paid_at (str | Unset): ISO 8601 UTC, YYYY-MM-DDThh:mm:ssZ Example: 2026-11-22T10:00:00Z.
    """

    transaction_id: str
    status: PaymentUpdatedWebhookDataTransactionStatus
    result_code: int
    result_description: str
    price: PaymentUpdatedWebhookDataTransactionPrice
    paid_at: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        transaction_id = self.transaction_id

        status: str = self.status

        result_code = self.result_code

        result_description = self.result_description

        price = self.price.to_dict()

        paid_at = self.paid_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "transaction_id": transaction_id,
                "status": status,
                "result_code": result_code,
                "result_description": result_description,
                "price": price,
            }
        )
        if paid_at is not UNSET:
            field_dict["paid_at"] = paid_at

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.payment_updated_webhook_data_transaction_price import (
            PaymentUpdatedWebhookDataTransactionPrice,
        )

        d = dict(src_dict)
        transaction_id = d.pop("transaction_id")

        status = check_payment_updated_webhook_data_transaction_status(d.pop("status"))

        result_code = d.pop("result_code")

        result_description = d.pop("result_description")

        price = PaymentUpdatedWebhookDataTransactionPrice.from_dict(d.pop("price"))

        paid_at = d.pop("paid_at", UNSET)

        payment_updated_webhook_data_transaction = cls(
            transaction_id=transaction_id,
            status=status,
            result_code=result_code,
            result_description=result_description,
            price=price,
            paid_at=paid_at,
        )

        return payment_updated_webhook_data_transaction
