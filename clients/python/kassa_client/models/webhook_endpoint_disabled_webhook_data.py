from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.webhook_endpoint_disabled_webhook_data_webhook_endpoint import (
        WebhookEndpointDisabledWebhookDataWebhookEndpoint,
    )


T = TypeVar("T", bound="WebhookEndpointDisabledWebhookData")


@_attrs_define
class WebhookEndpointDisabledWebhookData:
    """
    Attributes:
        webhook_endpoint (WebhookEndpointDisabledWebhookDataWebhookEndpoint):
    """

    webhook_endpoint: WebhookEndpointDisabledWebhookDataWebhookEndpoint

    def to_dict(self) -> dict[str, Any]:
        webhook_endpoint = self.webhook_endpoint.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "webhook_endpoint": webhook_endpoint,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.webhook_endpoint_disabled_webhook_data_webhook_endpoint import (
            WebhookEndpointDisabledWebhookDataWebhookEndpoint,
        )

        d = dict(src_dict)
        webhook_endpoint = WebhookEndpointDisabledWebhookDataWebhookEndpoint.from_dict(
            d.pop("webhook_endpoint")
        )

        webhook_endpoint_disabled_webhook_data = cls(
            webhook_endpoint=webhook_endpoint,
        )

        return webhook_endpoint_disabled_webhook_data
