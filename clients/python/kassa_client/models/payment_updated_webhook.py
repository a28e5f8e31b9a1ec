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
    from ..models.payment_updated_webhook_data import PaymentUpdatedWebhookData


T = TypeVar("T", bound="PaymentUpdatedWebhook")


@_attrs_define
class PaymentUpdatedWebhook:
    """A charge attempt on an invoice; the outcome is read from invoice.status, invoice.payment_status and
    transaction.status.

        Attributes:
            type_ (Literal['payment.updated']):
            data (PaymentUpdatedWebhookData):
    """

    type_: Literal["payment.updated"]
    data: PaymentUpdatedWebhookData

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
        from ..models.payment_updated_webhook_data import PaymentUpdatedWebhookData

        d = dict(src_dict)
        type_ = cast(Literal["payment.updated"], d.pop("type"))
        if type_ != "payment.updated":
            raise ValueError(f"type must match const 'payment.updated', got '{type_}'")

        data = PaymentUpdatedWebhookData.from_dict(d.pop("data"))

        payment_updated_webhook = cls(
            type_=type_,
            data=data,
        )

        return payment_updated_webhook
