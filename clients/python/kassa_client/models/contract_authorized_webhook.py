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
    from ..models.contract_authorized_webhook_data import ContractAuthorizedWebhookData


T = TypeVar("T", bound="ContractAuthorizedWebhook")


@_attrs_define
class ContractAuthorizedWebhook:
    """A contract was confirmed by its PIN.

    Attributes:
        type_ (Literal['contract.authorized']):
        data (ContractAuthorizedWebhookData):
    """

    type_: Literal["contract.authorized"]
    data: ContractAuthorizedWebhookData

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
        from ..models.contract_authorized_webhook_data import (
            ContractAuthorizedWebhookData,
        )

        d = dict(src_dict)
        type_ = cast(Literal["contract.authorized"], d.pop("type"))
        if type_ != "contract.authorized":
            raise ValueError(
                f"type must match const 'contract.authorized', got '{type_}'"
            )

        data = ContractAuthorizedWebhookData.from_dict(d.pop("data"))

        contract_authorized_webhook = cls(
            type_=type_,
            data=data,
        )

        return contract_authorized_webhook
