from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.webhook_delivery_event_type import (
    WebhookDeliveryEventType,
    check_webhook_delivery_event_type,
)
from ..models.webhook_delivery_status import (
    WebhookDeliveryStatus,
    check_webhook_delivery_status,
)

if TYPE_CHECKING:
    from ..models.webhook_delivery_attempts_item import WebhookDeliveryAttemptsItem


T = TypeVar("T", bound="WebhookDelivery")


@_attrs_define
class WebhookDelivery:
    """
    Attributes:
        delivery_id (str):
        event_id (str): the webhook-id of every attempt
        event_type (WebhookDeliveryEventType):
        url (str):
        endpoint_id (None | str): the webhook endpoint it goes to; null for the project webhookUrl, test callbacks and
            subscription notifications
        status (WebhookDeliveryStatus):
        created_at (datetime.datetime): ISO 8601 UTC, YYYY-MM-DDThh:mm:ssZ Example: 2026-11-22T10:00:00Z.
        next_attempt_at (datetime.datetime | None):
        attempts (list[WebhookDeliveryAttemptsItem]):
    """

    delivery_id: str
    event_id: str
    event_type: WebhookDeliveryEventType
    url: str
    endpoint_id: None | str
    status: WebhookDeliveryStatus
    created_at: datetime.datetime
    next_attempt_at: datetime.datetime | None
    attempts: list[WebhookDeliveryAttemptsItem]

    def to_dict(self) -> dict[str, Any]:
        delivery_id = self.delivery_id

        event_id = self.event_id

        event_type: str = self.event_type

        url = self.url

        endpoint_id: None | str
        endpoint_id = self.endpoint_id

        status: str = self.status

        created_at = self.created_at.isoformat()

        next_attempt_at: None | str
        if isinstance(self.next_attempt_at, datetime.datetime):
            next_attempt_at = self.next_attempt_at.isoformat()
        else:
            next_attempt_at = self.next_attempt_at

        attempts = []
        for attempts_item_data in self.attempts:
            attempts_item = attempts_item_data.to_dict()
            attempts.append(attempts_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "delivery_id": delivery_id,
                "event_id": event_id,
                "event_type": event_type,
                "url": url,
                "endpoint_id": endpoint_id,
                "status": status,
                "created_at": created_at,
                "next_attempt_at": next_attempt_at,
                "attempts": attempts,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.webhook_delivery_attempts_item import WebhookDeliveryAttemptsItem

        d = dict(src_dict)
        delivery_id = d.pop("delivery_id")

        event_id = d.pop("event_id")

        event_type = check_webhook_delivery_event_type(d.pop("event_type"))

        url = d.pop("url")

        def _parse_endpoint_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        endpoint_id = _parse_endpoint_id(d.pop("endpoint_id"))

        status = check_webhook_delivery_status(d.pop("status"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_next_attempt_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                next_attempt_at_type_0 = datetime.datetime.fromisoformat(data)

                return next_attempt_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        next_attempt_at = _parse_next_attempt_at(d.pop("next_attempt_at"))

        attempts = []
        _attempts = d.pop("attempts")
        for attempts_item_data in _attempts:
            attempts_item = WebhookDeliveryAttemptsItem.from_dict(attempts_item_data)

            attempts.append(attempts_item)

        webhook_delivery = cls(
            delivery_id=delivery_id,
            event_id=event_id,
            event_type=event_type,
            url=url,
            endpoint_id=endpoint_id,
            status=status,
            created_at=created_at,
            next_attempt_at=next_attempt_at,
            attempts=attempts,
        )

        return webhook_delivery
