from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="CreateInvoiceRequestContract")


@_attrs_define
class CreateInvoiceRequestContract:
    """
    Attributes:
        merchant_contract_id (str | Unset):
        create_if_not_exists (bool | Unset):
    """

    merchant_contract_id: str | Unset = UNSET
    create_if_not_exists: bool | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        merchant_contract_id = self.merchant_contract_id

        create_if_not_exists = self.create_if_not_exists

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if merchant_contract_id is not UNSET:
            field_dict["merchant_contract_id"] = merchant_contract_id
        if create_if_not_exists is not UNSET:
            field_dict["create_if_not_exists"] = create_if_not_exists

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        merchant_contract_id = d.pop("merchant_contract_id", UNSET)

        create_if_not_exists = d.pop("create_if_not_exists", UNSET)

        create_invoice_request_contract = cls(
            merchant_contract_id=merchant_contract_id,
            create_if_not_exists=create_if_not_exists,
        )

        create_invoice_request_contract.additional_properties = d
        return create_invoice_request_contract

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
