from typing import Literal

CreateWebhookEndpointRequestEventTypesItem = Literal[
    "*",
    "contract.authorized",
    "contract.closed",
    "payment.updated",
    "refund.completed",
    "refund.failed",
    "test_clock.ready",
    "webhook_endpoint.disabled",
]

CREATE_WEBHOOK_ENDPOINT_REQUEST_EVENT_TYPES_ITEM_VALUES: set[
    CreateWebhookEndpointRequestEventTypesItem
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


def check_create_webhook_endpoint_request_event_types_item(
    value: str,
) -> CreateWebhookEndpointRequestEventTypesItem:
    if value in CREATE_WEBHOOK_ENDPOINT_REQUEST_EVENT_TYPES_ITEM_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_WEBHOOK_ENDPOINT_REQUEST_EVENT_TYPES_ITEM_VALUES!r}"
    )
