from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="WebhookDeliveryAttemptsItem")


@_attrs_define
class WebhookDeliveryAttemptsItem:
    """
    Attributes:
        at (datetime.datetime): ISO 8601 UTC, YYYY-MM-DDThh:mm:ssZ Example: 2026-11-22T10:00:00Z.
        status_code (int | None):
        latency_ms (int):
        response (str): the first 1 KB of the answer
        error (None | str):
        sent (bool): false: recorded on its schedule but never sent (a test clock's advance paces each endpoint: README,
            Test clocks); the delivery can be redelivered
    """

    at: datetime.datetime
    status_code: int | None
    latency_ms: int
    response: str
    error: None | str
    sent: bool

    def to_dict(self) -> dict[str, Any]:
        at = self.at.isoformat()

        status_code: int | None
        status_code = self.status_code

        latency_ms = self.latency_ms

        response = self.response

        error: None | str
        error = self.error

        sent = self.sent

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "at": at,
                "status_code": status_code,
                "latency_ms": latency_ms,
                "response": response,
                "error": error,
                "sent": sent,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        at = datetime.datetime.fromisoformat(d.pop("at"))

        def _parse_status_code(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        status_code = _parse_status_code(d.pop("status_code"))

        latency_ms = d.pop("latency_ms")

        response = d.pop("response")

        def _parse_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        error = _parse_error(d.pop("error"))

        sent = d.pop("sent")

        webhook_delivery_attempts_item = cls(
            at=at,
            status_code=status_code,
            latency_ms=latency_ms,
            response=response,
            error=error,
            sent=sent,
        )

        return webhook_delivery_attempts_item
