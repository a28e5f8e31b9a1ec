from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.create_contract_request_test_info import CreateContractRequestTestInfo
    from ..models.customer_request import CustomerRequest


T = TypeVar("T", bound="CreateContractRequest")


@_attrs_define
class CreateContractRequest:
    """
    Example:
        {'client_ip': '203.0.113.7', 'customer': {'type': 'mobile_phone', 'msisdn': '79001234567'},
            'merchant_contract_id': 'contract-1'}

    Attributes:
        customer (CustomerRequest):
        merchant_contract_id (str):
        client_ip (str | Unset): the caller IP; required unless the project says otherwise Example: 203.0.113.7.
        test_info (CreateContractRequestTestInfo | Unset): test environment only: test_clock_id attaches the contract to
            a test clock
    """

    customer: CustomerRequest
    merchant_contract_id: str
    client_ip: str | Unset = UNSET
    test_info: CreateContractRequestTestInfo | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        customer = self.customer.to_dict()

        merchant_contract_id = self.merchant_contract_id

        client_ip: str | Unset
        if isinstance(self.client_ip, Unset):
            client_ip = UNSET
        else:
            client_ip = self.client_ip

        test_info: dict[str, Any] | Unset = UNSET
        if not isinstance(self.test_info, Unset):
            test_info = self.test_info.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "customer": customer,
                "merchant_contract_id": merchant_contract_id,
            }
        )
        if client_ip is not UNSET:
            field_dict["client_ip"] = client_ip
        if test_info is not UNSET:
            field_dict["test_info"] = test_info

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.create_contract_request_test_info import (
            CreateContractRequestTestInfo,
        )
        from ..models.customer_request import CustomerRequest

        d = dict(src_dict)
        customer = CustomerRequest.from_dict(d.pop("customer"))

        merchant_contract_id = d.pop("merchant_contract_id")

        def _parse_client_ip(data: object) -> str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(str | Unset, data)

        client_ip = _parse_client_ip(d.pop("client_ip", UNSET))

        _test_info = d.pop("test_info", UNSET)
        test_info: CreateContractRequestTestInfo | Unset
        if isinstance(_test_info, Unset):
            test_info = UNSET
        else:
            test_info = CreateContractRequestTestInfo.from_dict(_test_info)

        create_contract_request = cls(
            customer=customer,
            merchant_contract_id=merchant_contract_id,
            client_ip=client_ip,
            test_info=test_info,
        )

        create_contract_request.additional_properties = d
        return create_contract_request

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
