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

T = TypeVar("T", bound="ContractCancelled")


@_attrs_define
class ContractCancelled:
    """
    Attributes:
        contract_id (UUID):
        status (Literal['cancelled']):
    """

    contract_id: UUID
    status: Literal["cancelled"]

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

        status = cast(Literal["cancelled"], d.pop("status"))
        if status != "cancelled":
            raise ValueError(f"status must match const 'cancelled', got '{status}'")

        contract_cancelled = cls(
            contract_id=contract_id,
            status=status,
        )

        return contract_cancelled
