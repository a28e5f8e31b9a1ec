from typing import Literal

CreateWebhookEndpointResponse401ErrorCode = Literal[
    "AUTH_INVALID_SIGNATURE", "AUTH_INVALID_TIMESTAMP"
]

CREATE_WEBHOOK_ENDPOINT_RESPONSE_401_ERROR_CODE_VALUES: set[
    CreateWebhookEndpointResponse401ErrorCode
] = {
    "AUTH_INVALID_SIGNATURE",
    "AUTH_INVALID_TIMESTAMP",
}


def check_create_webhook_endpoint_response_401_error_code(
    value: str,
) -> CreateWebhookEndpointResponse401ErrorCode:
    if value in CREATE_WEBHOOK_ENDPOINT_RESPONSE_401_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_WEBHOOK_ENDPOINT_RESPONSE_401_ERROR_CODE_VALUES!r}"
    )
