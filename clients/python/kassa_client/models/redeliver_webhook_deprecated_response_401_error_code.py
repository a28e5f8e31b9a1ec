from typing import Literal

RedeliverWebhookDeprecatedResponse401ErrorCode = Literal[
    "AUTH_INVALID_SIGNATURE", "AUTH_INVALID_TIMESTAMP"
]

REDELIVER_WEBHOOK_DEPRECATED_RESPONSE_401_ERROR_CODE_VALUES: set[
    RedeliverWebhookDeprecatedResponse401ErrorCode
] = {
    "AUTH_INVALID_SIGNATURE",
    "AUTH_INVALID_TIMESTAMP",
}


def check_redeliver_webhook_deprecated_response_401_error_code(
    value: str,
) -> RedeliverWebhookDeprecatedResponse401ErrorCode:
    if value in REDELIVER_WEBHOOK_DEPRECATED_RESPONSE_401_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REDELIVER_WEBHOOK_DEPRECATED_RESPONSE_401_ERROR_CODE_VALUES!r}"
    )
