from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ContractAuthorizedWebhookDataContract")


@_attrs_define
class ContractAuthorizedWebhookDataContract:
    """
    Attributes:
        contract_id (str):
        merchant_contract_id (str):
    """

    contract_id: str
    merchant_contract_id: str

    def to_dict(self) -> dict[str, Any]:
        contract_id = self.contract_id

        merchant_contract_id = self.merchant_contract_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "contract_id": contract_id,
                "merchant_contract_id": merchant_contract_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        contract_id = d.pop("contract_id")

        merchant_contract_id = d.pop("merchant_contract_id")

        contract_authorized_webhook_data_contract = cls(
            contract_id=contract_id,
            merchant_contract_id=merchant_contract_id,
        )

        return contract_authorized_webhook_data_contract
