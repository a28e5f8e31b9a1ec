from typing import Literal

RedeliverWebhookResponse503ErrorCode = Literal["SERVICE_UNAVAILABLE"]

REDELIVER_WEBHOOK_RESPONSE_503_ERROR_CODE_VALUES: set[
    RedeliverWebhookResponse503ErrorCode
] = {
    "SERVICE_UNAVAILABLE",
}


def check_redeliver_webhook_response_503_error_code(
    value: str,
) -> RedeliverWebhookResponse503ErrorCode:
    if value in REDELIVER_WEBHOOK_RESPONSE_503_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REDELIVER_WEBHOOK_RESPONSE_503_ERROR_CODE_VALUES!r}"
    )
