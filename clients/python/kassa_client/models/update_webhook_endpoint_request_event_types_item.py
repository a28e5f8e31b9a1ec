from typing import Literal

UpdateWebhookEndpointRequestEventTypesItem = Literal[
    "*",
    "contract.authorized",
    "contract.closed",
    "payment.updated",
    "refund.completed",
    "refund.failed",
    "test_clock.ready",
    "webhook_endpoint.disabled",
]

UPDATE_WEBHOOK_ENDPOINT_REQUEST_EVENT_TYPES_ITEM_VALUES: set[
    UpdateWebhookEndpointRequestEventTypesItem
] = {
    "*",
    "contract.authorized",
    "contract.closed",
    "payment.updated",
    "refund.completed",
    "refund.failed",
    "test_clock.ready",
    "webhook_endpoint.disabled",
}


def check_update_webhook_endpoint_request_event_types_item(
    value: str,
) -> UpdateWebhookEndpointRequestEventTypesItem:
    if value in UPDATE_WEBHOOK_ENDPOINT_REQUEST_EVENT_TYPES_ITEM_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {UPDATE_WEBHOOK_ENDPOINT_REQUEST_EVENT_TYPES_ITEM_VALUES!r}"
    )
