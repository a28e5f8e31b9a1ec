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
    from ..models.contract_closed_webhook_data import ContractClosedWebhookData


T = TypeVar("T", bound="ContractClosedWebhook")


@_attrs_define
class ContractClosedWebhook:
    """A contract was cancelled or expired (the payload is not shown by the spec: the contract.authorized blocks and the
    reason).

        Attributes:
            type_ (Literal['contract.closed']):
            data (ContractClosedWebhookData):
    """

    type_: Literal["contract.closed"]
    data: ContractClosedWebhookData

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
        from ..models.contract_closed_webhook_data import ContractClosedWebhookData

        d = dict(src_dict)
        type_ = cast(Literal["contract.closed"], d.pop("type"))
        if type_ != "contract.closed":
            raise ValueError(f"type must match const 'contract.closed', got '{type_}'")

        data = ContractClosedWebhookData.from_dict(d.pop("data"))

        contract_closed_webhook = cls(
            type_=type_,
            data=data,
        )

        return contract_closed_webhook
