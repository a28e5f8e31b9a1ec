from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.update_webhook_endpoint_request_event_types_item import (
    UpdateWebhookEndpointRequestEventTypesItem,
    check_update_webhook_endpoint_request_event_types_item,
)
from ..models.update_webhook_endpoint_request_status import (
    UpdateWebhookEndpointRequestStatus,
    check_update_webhook_endpoint_request_status,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="UpdateWebhookEndpointRequest")


@_attrs_define
class UpdateWebhookEndpointRequest:
    """
    Example:
        {'status': 'enabled'}

    Attributes:
        url (str | Unset): where the events are POSTed: an http(s) URL of a public address Example:
            https://shop.example/kassa-events.
        event_types (list[UpdateWebhookEndpointRequestEventTypesItem] | Unset): the event types delivered to it, as the
            events list names them; ["*"] for all (subscription events go to the subscription notification URL only)
            Example: ['payment.updated'].
        description (None | str | Unset):
        status (UpdateWebhookEndpointRequestStatus | Unset): enabled again, its failing record starts afresh; redeliver
            its dead deliveries to have them sent
    """

    url: str | Unset = UNSET
    event_types: list[UpdateWebhookEndpointRequestEventTypesItem] | Unset = UNSET
    description: None | str | Unset = UNSET
    status: UpdateWebhookEndpointRequestStatus | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        url = self.url

        event_types: list[str] | Unset = UNSET
        if not isinstance(self.event_types, Unset):
            event_types = []
            for event_types_item_data in self.event_types:
                event_types_item: str = event_types_item_data
                event_types.append(event_types_item)

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        status: str | Unset = UNSET
        if not isinstance(self.status, Unset):
            status = self.status

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if url is not UNSET:
            field_dict["url"] = url
        if event_types is not UNSET:
            field_dict["event_types"] = event_types
        if description is not UNSET:
            field_dict["description"] = description
        if status is not UNSET:
            field_dict["status"] = status

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        url = d.pop("url", UNSET)

        _event_types = d.pop("event_types", UNSET)
        event_types: list[UpdateWebhookEndpointRequestEventTypesItem] | Unset = UNSET
        if _event_types is not UNSET:
            event_types = []
            for event_types_item_data in _event_types:
                event_types_item = (
                    check_update_webhook_endpoint_request_event_types_item(
                        event_types_item_data
                    )
                )

                event_types.append(event_types_item)

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        _status = d.pop("status", UNSET)
        status: UpdateWebhookEndpointRequestStatus | Unset
        if isinstance(_status, Unset):
            status = UNSET
        else:
            status = check_update_webhook_endpoint_request_status(_status)

        update_webhook_endpoint_request = cls(
            url=url,
            event_types=event_types,
            description=description,
            status=status,
        )

        update_webhook_endpoint_request.additional_properties = d
        return update_webhook_endpoint_request

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
