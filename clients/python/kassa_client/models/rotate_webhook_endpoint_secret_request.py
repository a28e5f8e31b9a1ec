from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="RotateWebhookEndpointSecretRequest")


@_attrs_define
class RotateWebhookEndpointSecretRequest:
    """
    Example:
        {'expires_in_hours': 24}

    Attributes:
        expires_in_hours (int | Unset): how long the old secret keeps signing beside the new one (0 to 168 hours,
            default 24)
    """

    expires_in_hours: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        expires_in_hours = self.expires_in_hours

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if expires_in_hours is not UNSET:
            field_dict["expires_in_hours"] = expires_in_hours

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        expires_in_hours = d.pop("expires_in_hours", UNSET)

        rotate_webhook_endpoint_secret_request = cls(
            expires_in_hours=expires_in_hours,
        )

        rotate_webhook_endpoint_secret_request.additional_properties = d
        return rotate_webhook_endpoint_secret_request

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
