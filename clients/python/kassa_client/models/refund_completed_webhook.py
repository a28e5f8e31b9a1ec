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
    from ..models.refund_completed_webhook_data import RefundCompletedWebhookData


T = TypeVar("T", bound="RefundCompletedWebhook")


@_attrs_define
class RefundCompletedWebhook:
    """The refund notification: the refund of an invoice completed.

    Attributes:
        type_ (Literal['refund.completed']):
        data (RefundCompletedWebhookData):
    """

    type_: Literal["refund.completed"]
    data: RefundCompletedWebhookData

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        data = self.data.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "data": data,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.refund_completed_webhook_data import RefundCompletedWebhookData

        d = dict(src_dict)
        type_ = cast(Literal["refund.completed"], d.pop("type"))
        if type_ != "refund.completed":
            raise ValueError(f"type must match const 'refund.completed', got '{type_}'")

        data = RefundCompletedWebhookData.from_dict(d.pop("data"))

        refund_completed_webhook = cls(
            type_=type_,
            data=data,
        )

        return refund_completed_webhook
