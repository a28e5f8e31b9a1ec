from typing import Literal

RedeliverWebhookDeprecatedResponse422ErrorCode = Literal["IDEMPOTENCY_KEY_MISMATCH"]

REDELIVER_WEBHOOK_DEPRECATED_RESPONSE_422_ERROR_CODE_VALUES: set[
    RedeliverWebhookDeprecatedResponse422ErrorCode
] = {
    "IDEMPOTENCY_KEY_MISMATCH",
}


def check_redeliver_webhook_deprecated_response_422_error_code(
    value: str,
) -> RedeliverWebhookDeprecatedResponse422ErrorCode:
    if value in REDELIVER_WEBHOOK_DEPRECATED_RESPONSE_422_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REDELIVER_WEBHOOK_DEPRECATED_RESPONSE_422_ERROR_CODE_VALUES!r}"
    )
