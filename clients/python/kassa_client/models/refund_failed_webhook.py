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
    from ..models.refund_failed_webhook_data import RefundFailedWebhookData


T = TypeVar("T", bound="RefundFailedWebhook")


@_attrs_define
class RefundFailedWebhook:
    """The refund notification when the gateway refused the refund: the money stayed with the merchant; the refund may be
    asked for again.

        Attributes:
            type_ (Literal['refund.failed']):
            data (RefundFailedWebhookData):
    """

    type_: Literal["refund.failed"]
    data: RefundFailedWebhookData

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
        from ..models.refund_failed_webhook_data import RefundFailedWebhookData

        d = dict(src_dict)
        type_ = cast(Literal["refund.failed"], d.pop("type"))
        if type_ != "refund.failed":
            raise ValueError(f"type must match const 'refund.failed', got '{type_}'")

        data = RefundFailedWebhookData.from_dict(d.pop("data"))

        refund_failed_webhook = cls(
            type_=type_,
            data=data,
        )

        return refund_failed_webhook
