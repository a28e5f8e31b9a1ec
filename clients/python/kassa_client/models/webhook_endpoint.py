from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.webhook_endpoint_status import (
    WebhookEndpointStatus,
    check_webhook_endpoint_status,
)

T = TypeVar("T", bound="WebhookEndpoint")


@_attrs_define
class WebhookEndpoint:
    """A webhook endpoint; its secret is shown on creation and rotation only.

    Attributes:
        id (UUID):
        url (str):
        event_types (list[str]): the event types it takes; ["*"] for all
        description (None | str):
        status (WebhookEndpointStatus):
        failing_since (datetime.datetime | None): the first failed attempt since its last success; null while it
            succeeds
        disabled_at (datetime.datetime | None): when Kassa disabled it for failing (webhook_endpoint.disabled); null
            otherwise
        created_at (datetime.datetime): ISO 8601 UTC, YYYY-MM-DDThh:mm:ssZ Example: 2026-11-22T10:00:00Z.
    """

    id: UUID
    url: str
    event_types: list[str]
    description: None | str
    status: WebhookEndpointStatus
    failing_since: datetime.datetime | None
    disabled_at: datetime.datetime | None
    created_at: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        url = self.url

        event_types = self.event_types

        description: None | str
        description = self.description

        status: str = self.status

        failing_since: None | str
        if isinstance(self.failing_since, datetime.datetime):
            failing_since = self.failing_since.isoformat()
        else:
            failing_since = self.failing_since

        disabled_at: None | str
        if isinstance(self.disabled_at, datetime.datetime):
            disabled_at = self.disabled_at.isoformat()
        else:
            disabled_at = self.disabled_at

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "url": url,
                "event_types": event_types,
                "description": description,
                "status": status,
                "failing_since": failing_since,
                "disabled_at": disabled_at,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        url = d.pop("url")

        event_types = cast(list[str], d.pop("event_types"))

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))

        status = check_webhook_endpoint_status(d.pop("status"))

        def _parse_failing_since(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                failing_since_type_0 = datetime.datetime.fromisoformat(data)

                return failing_since_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        failing_since = _parse_failing_since(d.pop("failing_since"))

        def _parse_disabled_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                disabled_at_type_0 = datetime.datetime.fromisoformat(data)

                return disabled_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        disabled_at = _parse_disabled_at(d.pop("disabled_at"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        webhook_endpoint = cls(
            id=id,
            url=url,
            event_types=event_types,
            description=description,
            status=status,
            failing_since=failing_since,
            disabled_at=disabled_at,
            created_at=created_at,
        )

        return webhook_endpoint
