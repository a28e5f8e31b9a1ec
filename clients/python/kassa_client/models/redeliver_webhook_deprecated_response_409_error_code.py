from typing import Literal

RedeliverWebhookDeprecatedResponse409ErrorCode = Literal["IDEMPOTENCY_KEY_IN_USE"]

REDELIVER_WEBHOOK_DEPRECATED_RESPONSE_409_ERROR_CODE_VALUES: set[
    RedeliverWebhookDeprecatedResponse409ErrorCode
] = {
    "IDEMPOTENCY_KEY_IN_USE",
}


def check_redeliver_webhook_deprecated_response_409_error_code(
    value: str,
) -> RedeliverWebhookDeprecatedResponse409ErrorCode:
    if value in REDELIVER_WEBHOOK_DEPRECATED_RESPONSE_409_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REDELIVER_WEBHOOK_DEPRECATED_RESPONSE_409_ERROR_CODE_VALUES!r}"
    )
