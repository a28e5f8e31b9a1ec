from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..models.invoice_contract_authorization_type import (
    InvoiceContractAuthorizationType,
    check_invoice_contract_authorization_type,
)

T = TypeVar("T", bound="InvoiceContract")


@_attrs_define
class InvoiceContract:
    """
    Attributes:
        contract_id (UUID):
        authorization_type (InvoiceContractAuthorizationType):
        expires_at (datetime.datetime): ISO 8601 UTC, YYYY-MM-DDThh:mm:ssZ Example: 2026-11-22T10:00:00Z.
        merchant_contract_id (str):
    """

    contract_id: UUID
    authorization_type: InvoiceContractAuthorizationType
    expires_at: datetime.datetime
    merchant_contract_id: str

    def to_dict(self) -> dict[str, Any]:
        contract_id = str(self.contract_id)

        authorization_type: str = self.authorization_type

        expires_at = self.expires_at.isoformat()

        merchant_contract_id = self.merchant_contract_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "contract_id": contract_id,
                "authorization_type": authorization_type,
                "expires_at": expires_at,
                "merchant_contract_id": merchant_contract_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        contract_id = UUID(d.pop("contract_id"))

        authorization_type = check_invoice_contract_authorization_type(
            d.pop("authorization_type")
        )

        expires_at = datetime.datetime.fromisoformat(d.pop("expires_at"))

        merchant_contract_id = d.pop("merchant_contract_id")

        invoice_contract = cls(
            contract_id=contract_id,
            authorization_type=authorization_type,
            expires_at=expires_at,
            merchant_contract_id=merchant_contract_id,
        )

        return invoice_contract
