from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.stream_events_response_503_error_code import (
    StreamEventsResponse503ErrorCode,
    check_stream_events_response_503_error_code,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="StreamEventsResponse503Error")


@_attrs_define
class StreamEventsResponse503Error:
    """
    Attributes:
        code (StreamEventsResponse503ErrorCode | Unset):
    """

    code: StreamEventsResponse503ErrorCode | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        code: str | Unset = UNSET
        if not isinstance(self.code, Unset):
            code = self.code

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if code is not UNSET:
            field_dict["code"] = code

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        _code = d.pop("code", UNSET)
        code: StreamEventsResponse503ErrorCode | Unset
        if isinstance(_code, Unset):
            code = UNSET
        else:
            code = check_stream_events_response_503_error_code(_code)

        stream_events_response_503_error = cls(
            code=code,
        )

        stream_events_response_503_error.additional_properties = d
        return stream_events_response_503_error

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
