from __future__ import annotations

from collections.abc import Mapping
from typing import (
    Any,
    Literal,
    Self,
    TypeVar,
    cast,
)
from uuid import UUID

from attrs import define as _attrs_define

T = TypeVar("T", bound="ContractActive")


@_attrs_define
class ContractActive:
    """
    Attributes:
        contract_id (UUID):
        status (Literal['active']):
    """

    contract_id: UUID
    status: Literal["active"]

    def to_dict(self) -> dict[str, Any]:
        contract_id = str(self.contract_id)

        status = self.status

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "contract_id": contract_id,
                "status": status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        contract_id = UUID(d.pop("contract_id"))

        status = cast(Literal["active"], d.pop("status"))
        if status != "active":
            raise ValueError(f"status must match const 'active', got '{status}'")

        contract_active = cls(
            contract_id=contract_id,
            status=status,
        )

        return contract_active
