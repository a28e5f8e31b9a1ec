from typing import Literal

UpdateWebhookEndpointResponse413ErrorCode = Literal["BAD_REQUEST"]

UPDATE_WEBHOOK_ENDPOINT_RESPONSE_413_ERROR_CODE_VALUES: set[
    UpdateWebhookEndpointResponse413ErrorCode
] = {
    "BAD_REQUEST",
}


def check_update_webhook_endpoint_response_413_error_code(
    value: str,
) -> UpdateWebhookEndpointResponse413ErrorCode:
    if value in UPDATE_WEBHOOK_ENDPOINT_RESPONSE_413_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {UPDATE_WEBHOOK_ENDPOINT_RESPONSE_413_ERROR_CODE_VALUES!r}"
    )
