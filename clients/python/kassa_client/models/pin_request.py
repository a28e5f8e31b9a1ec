from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="PinRequest")


@_attrs_define
class PinRequest:
    """
    Example:
        {'client_ip': '203.0.113.7', 'pin_code': '1234'}

    Attributes:
        pin_code (str):
        client_ip (str | Unset): the caller IP; required unless the project says otherwise Example: 203.0.113.7.
    """

    pin_code: str
    client_ip: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        pin_code = self.pin_code

        client_ip: str | Unset
        if isinstance(self.client_ip, Unset):
            client_ip = UNSET
        else:
            client_ip = self.client_ip

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "pin_code": pin_code,
            }
        )
        if client_ip is not UNSET:
            field_dict["client_ip"] = client_ip

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

        pin_request = cls(
            pin_code=pin_code,
            client_ip=client_ip,
        )

        pin_request.additional_properties = d
        return pin_request

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
