from typing import Literal

CreateWebhookEndpointResponse413ErrorCode = Literal["BAD_REQUEST"]

CREATE_WEBHOOK_ENDPOINT_RESPONSE_413_ERROR_CODE_VALUES: set[
    CreateWebhookEndpointResponse413ErrorCode
] = {
    "BAD_REQUEST",
}


def check_create_webhook_endpoint_response_413_error_code(
    value: str,
) -> CreateWebhookEndpointResponse413ErrorCode:
    if value in CREATE_WEBHOOK_ENDPOINT_RESPONSE_413_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_WEBHOOK_ENDPOINT_RESPONSE_413_ERROR_CODE_VALUES!r}"
    )
