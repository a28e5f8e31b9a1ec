from typing import Literal

RedeliverWebhookDeprecatedResponse503ErrorCode = Literal["SERVICE_UNAVAILABLE"]

REDELIVER_WEBHOOK_DEPRECATED_RESPONSE_503_ERROR_CODE_VALUES: set[
    RedeliverWebhookDeprecatedResponse503ErrorCode
] = {
    "SERVICE_UNAVAILABLE",
}


def check_redeliver_webhook_deprecated_response_503_error_code(
    value: str,
) -> RedeliverWebhookDeprecatedResponse503ErrorCode:
    if value in REDELIVER_WEBHOOK_DEPRECATED_RESPONSE_503_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REDELIVER_WEBHOOK_DEPRECATED_RESPONSE_503_ERROR_CODE_VALUES!r}"
    )
