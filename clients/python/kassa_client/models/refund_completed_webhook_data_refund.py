from __future__ import annotations

from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    Literal,
    Self,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.refund_completed_webhook_data_refund_amount import (
        RefundCompletedWebhookDataRefundAmount,
    )


T = TypeVar("T", bound="RefundCompletedWebhookDataRefund")


@_attrs_define
class RefundCompletedWebhookDataRefund:
    """
    Attributes:
        refund_status (Literal['completed']):
        amount (RefundCompletedWebhookDataRefundAmount):
    """

    refund_status: Literal["completed"]
    amount: RefundCompletedWebhookDataRefundAmount

    def to_dict(self) -> dict[str, Any]:
        refund_status = self.refund_status

        amount = self.amount.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "refund_status": refund_status,
                "amount": amount,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.refund_completed_webhook_data_refund_amount import (
            RefundCompletedWebhookDataRefundAmount,
        )

        d = dict(src_dict)
        refund_status = cast(Literal["completed"], d.pop("refund_status"))
        if refund_status != "completed":
            raise ValueError(
                f"refund_status must match const 'completed', got '{refund_status}'"
            )

        amount = RefundCompletedWebhookDataRefundAmount.from_dict(d.pop("amount"))

        refund_completed_webhook_data_refund = cls(
            refund_status=refund_status,
            amount=amount,
        )

        return refund_completed_webhook_data_refund
