from __future__ import annotations

from collections.abc import Mapping
from typing import (
    Any,
    Literal,
    Self,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define

T = TypeVar("T", bound="WebhookEndpointDisabledWebhookDataWebhookEndpoint")


@_attrs_define
class WebhookEndpointDisabledWebhookDataWebhookEndpoint:
    """
    Attributes:
        id (str):
        url (str):
        status (Literal['disabled']):
        reason (Literal['failing']):
        failing_since (str): the first failed attempt since its last success Example: 2026-11-22T10:00:00Z.
    """

    id: str
    url: str
    status: Literal["disabled"]
    reason: Literal["failing"]
    failing_since: str

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        url = self.url

        status = self.status

        reason = self.reason

        failing_since = self.failing_since

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "url": url,
                "status": status,
                "reason": reason,
                "failing_since": failing_since,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        url = d.pop("url")

        status = cast(Literal["disabled"], d.pop("status"))
        if status != "disabled":
            raise ValueError(f"status must match const 'disabled', got '{status}'")

        reason = cast(Literal["failing"], d.pop("reason"))
        if reason != "failing":
            raise ValueError(f"reason must match const 'failing', got '{reason}'")

        failing_since = d.pop("failing_since")

        webhook_endpoint_disabled_webhook_data_webhook_endpoint = cls(
            id=id,
            url=url,
            status=status,
            reason=reason,
            failing_since=failing_since,
        )

        return webhook_endpoint_disabled_webhook_data_webhook_endpoint
