from typing import Literal

RedeliverWebhookDeprecatedResponse400ErrorCode = Literal["BAD_REQUEST"]

REDELIVER_WEBHOOK_DEPRECATED_RESPONSE_400_ERROR_CODE_VALUES: set[
    RedeliverWebhookDeprecatedResponse400ErrorCode
] = {
    "BAD_REQUEST",
}


def check_redeliver_webhook_deprecated_response_400_error_code(
    value: str,
) -> RedeliverWebhookDeprecatedResponse400ErrorCode:
    if value in REDELIVER_WEBHOOK_DEPRECATED_RESPONSE_400_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REDELIVER_WEBHOOK_DEPRECATED_RESPONSE_400_ERROR_CODE_VALUES!r}"
    )
