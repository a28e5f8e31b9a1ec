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
    from ..models.refund_failed_webhook_data_refund_amount import (
        RefundFailedWebhookDataRefundAmount,
    )


T = TypeVar("T", bound="RefundFailedWebhookDataRefund")


@_attrs_define
class RefundFailedWebhookDataRefund:
    """
    Attributes:
        refund_status (Literal['failed']):
        amount (RefundFailedWebhookDataRefundAmount):
        result_code (int):
        result_description (str):
    """

    refund_status: Literal["failed"]
    amount: RefundFailedWebhookDataRefundAmount
    result_code: int
    result_description: str

    def to_dict(self) -> dict[str, Any]:
        refund_status = self.refund_status

        amount = self.amount.to_dict()

        result_code = self.result_code

        result_description = self.result_description

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "refund_status": refund_status,
                "amount": amount,
                "result_code": result_code,
                "result_description": result_description,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.refund_failed_webhook_data_refund_amount import (
            RefundFailedWebhookDataRefundAmount,
        )

        d = dict(src_dict)
        refund_status = cast(Literal["failed"], d.pop("refund_status"))
        if refund_status != "failed":
            raise ValueError(
                f"refund_status must match const 'failed', got '{refund_status}'"
            )

        amount = RefundFailedWebhookDataRefundAmount.from_dict(d.pop("amount"))

        result_code = d.pop("result_code")

        result_description = d.pop("result_description")

        refund_failed_webhook_data_refund = cls(
            refund_status=refund_status,
            amount=amount,
            result_code=result_code,
            result_description=result_description,
        )

        return refund_failed_webhook_data_refund
