from typing import Literal

RedeliverWebhookResponse401ErrorCode = Literal[
    "AUTH_INVALID_SIGNATURE", "AUTH_INVALID_TIMESTAMP"
]

REDELIVER_WEBHOOK_RESPONSE_401_ERROR_CODE_VALUES: set[
    RedeliverWebhookResponse401ErrorCode
] = {
    "AUTH_INVALID_SIGNATURE",
    "AUTH_INVALID_TIMESTAMP",
}


def check_redeliver_webhook_response_401_error_code(
    value: str,
) -> RedeliverWebhookResponse401ErrorCode:
    if value in REDELIVER_WEBHOOK_RESPONSE_401_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REDELIVER_WEBHOOK_RESPONSE_401_ERROR_CODE_VALUES!r}"
    )
