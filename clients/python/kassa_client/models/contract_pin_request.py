from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="ContractPinRequest")


@_attrs_define
class ContractPinRequest:
    """
    Example:
        {'client_ip': '203.0.113.7', 'merchant_contract_id': 'contract-1', 'pin_code': '1234'}

    Attributes:
        pin_code (str):
        client_ip (str | Unset): the caller IP; required unless the project says otherwise Example: 203.0.113.7.
        merchant_contract_id (str | Unset): the contract's merchant_contract_id: part of the version 4 requestPayload
            (empty when absent) Example: contract-1.
    """

    pin_code: str
    client_ip: str | Unset = UNSET
    merchant_contract_id: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        pin_code = self.pin_code

        client_ip: str | Unset
        if isinstance(self.client_ip, Unset):
            client_ip = UNSET
        else:
            client_ip = self.client_ip

        merchant_contract_id = self.merchant_contract_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "pin_code": pin_code,
            }
        )
        if client_ip is not UNSET:
            field_dict["client_ip"] = client_ip
        if merchant_contract_id is not UNSET:
            field_dict["merchant_contract_id"] = merchant_contract_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        pin_code = d.pop("pin_code")

        def _parse_client_ip(data: object) -> str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(str | Unset, data)

        client_ip = _parse_client_ip(d.pop("client_ip", UNSET))

        merchant_contract_id = d.pop("merchant_contract_id", UNSET)

        contract_pin_request = cls(
            pin_code=pin_code,
            client_ip=client_ip,
            merchant_contract_id=merchant_contract_id,
        )

        contract_pin_request.additional_properties = d
        return contract_pin_request

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
