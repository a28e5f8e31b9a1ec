from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..models.transaction_status import TransactionStatus, check_transaction_status
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.money import Money


T = TypeVar("T", bound="Transaction")


@_attrs_define
class Transaction:
    """
    Attributes:
        transaction_id (UUID):
        part_number (int):
        sequence_number (int):
        status (TransactionStatus):
        result_code (int):
        result_description (str):
        price (Money):  Example: {'amount': '10.00', 'currency': 'RUB'}.
        partner_profit (Money):  Example: {'amount': '10.00', 'currency': 'RUB'}.
        total_paid (Money):  Example: {'amount': '10.00', 'currency': 'RUB'}.
        total_remaining (Money):  Example: {'amount': '10.00', 'currency': 'RUB'}.
        billing_channel (str):
        service_number (str):
        paid_at (datetime.datetime | Unset): ISO 8601 UTC, YYYY-MM-DDThh:mm:ssZ Example: 2026-11-22T10:00:00Z.
    """

    transaction_id: UUID
    part_number: int
    sequence_number: int
    status: TransactionStatus
    result_code: int
    result_description: str
    price: Money
    partner_profit: Money
    total_paid: Money
    total_remaining: Money
    billing_channel: str
    service_number: str
    paid_at: datetime.datetime | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        transaction_id = str(self.transaction_id)

        part_number = self.part_number

        sequence_number = self.sequence_number

        status: str = self.status

        result_code = self.result_code

        result_description = self.result_description

        price = self.price.to_dict()

        partner_profit = self.partner_profit.to_dict()

        total_paid = self.total_paid.to_dict()

        total_remaining = self.total_remaining.to_dict()

        billing_channel = self.billing_channel

        service_number = self.service_number

        paid_at: str | Unset = UNSET
        if not isinstance(self.paid_at, Unset):
            paid_at = self.paid_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "transaction_id": transaction_id,
                "part_number": part_number,
                "sequence_number": sequence_number,
                "status": status,
                "result_code": result_code,
                "result_description": result_description,
                "price": price,
                "partner_profit": partner_profit,
                "total_paid": total_paid,
                "total_remaining": total_remaining,
                "billing_channel": billing_channel,
                "service_number": service_number,
            }
        )
        if paid_at is not UNSET:
            field_dict["paid_at"] = paid_at

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.money import Money

        d = dict(src_dict)
        transaction_id = UUID(d.pop("transaction_id"))

        part_number = d.pop("part_number")

        sequence_number = d.pop("sequence_number")

        status = check_transaction_status(d.pop("status"))

        result_code = d.pop("result_code")

        result_description = d.pop("result_description")

        price = Money.from_dict(d.pop("price"))

        partner_profit = Money.from_dict(d.pop("partner_profit"))

        total_paid = Money.from_dict(d.pop("total_paid"))

        total_remaining = Money.from_dict(d.pop("total_remaining"))

        billing_channel = d.pop("billing_channel")

        service_number = d.pop("service_number")

        _paid_at = d.pop("paid_at", UNSET)
        paid_at: datetime.datetime | Unset
        if isinstance(_paid_at, Unset):
            paid_at = UNSET
        else:
            paid_at = datetime.datetime.fromisoformat(_paid_at)

        transaction = cls(
            transaction_id=transaction_id,
            part_number=part_number,
            sequence_number=sequence_number,
            status=status,
            result_code=result_code,
            result_description=result_description,
            price=price,
            partner_profit=partner_profit,
            total_paid=total_paid,
            total_remaining=total_remaining,
            billing_channel=billing_channel,
            service_number=service_number,
            paid_at=paid_at,
        )

        return transaction
