from typing import Literal

UpdateWebhookEndpointRequestStatus = Literal["disabled", "enabled"]

UPDATE_WEBHOOK_ENDPOINT_REQUEST_STATUS_VALUES: set[
    UpdateWebhookEndpointRequestStatus
] = {
    "disabled",
    "enabled",
}


def check_update_webhook_endpoint_request_status(
    value: str,
) -> UpdateWebhookEndpointRequestStatus:
    if value in UPDATE_WEBHOOK_ENDPOINT_REQUEST_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {UPDATE_WEBHOOK_ENDPOINT_REQUEST_STATUS_VALUES!r}"
    )
