from __future__ import annotations

from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    Literal,
    Self,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.webhook_endpoint_disabled_webhook_data import (
        WebhookEndpointDisabledWebhookData,
    )


T = TypeVar("T", bound="WebhookEndpointDisabledWebhook")


@_attrs_define
class WebhookEndpointDisabledWebhook:
    """Kassa disabled a webhook endpoint whose deliveries had all failed for KASSA_ENDPOINT_DISABLE_AFTER_HOURS (default
    120); enable it again with PATCH webhook_endpoints/{id}.

        Attributes:
            type_ (Literal['webhook_endpoint.disabled']):
            data (WebhookEndpointDisabledWebhookData):
    """

    type_: Literal["webhook_endpoint.disabled"]
    data: WebhookEndpointDisabledWebhookData

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        data = self.data.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "data": data,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.webhook_endpoint_disabled_webhook_data import (
            WebhookEndpointDisabledWebhookData,
        )

        d = dict(src_dict)
        type_ = cast(Literal["webhook_endpoint.disabled"], d.pop("type"))
        if type_ != "webhook_endpoint.disabled":
            raise ValueError(
                f"type must match const 'webhook_endpoint.disabled', got '{type_}'"
            )

        data = WebhookEndpointDisabledWebhookData.from_dict(d.pop("data"))

        webhook_endpoint_disabled_webhook = cls(
            type_=type_,
            data=data,
        )

        return webhook_endpoint_disabled_webhook
