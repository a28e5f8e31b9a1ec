from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="PaymentUpdatedWebhookDataTransactionPrice")


@_attrs_define
class PaymentUpdatedWebhookDataTransactionPrice:
    """
    Attributes:
        amount (str):  Example: 10.00.
        currency (str):  Example: RUB.
    """

    amount: str
    currency: str

    def to_dict(self) -> dict[str, Any]:
        amount = self.amount

        currency = self.currency

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "amount": amount,
                "currency": currency,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        amount = d.pop("amount")

        currency = d.pop("currency")

        payment_updated_webhook_data_transaction_price = cls(
            amount=amount,
            currency=currency,
        )

        return payment_updated_webhook_data_transaction_price
