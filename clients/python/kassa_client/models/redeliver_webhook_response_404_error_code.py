from typing import Literal

RedeliverWebhookResponse404ErrorCode = Literal["NOT_FOUND"]

REDELIVER_WEBHOOK_RESPONSE_404_ERROR_CODE_VALUES: set[
    RedeliverWebhookResponse404ErrorCode
] = {
    "NOT_FOUND",
}


def check_redeliver_webhook_response_404_error_code(
    value: str,
) -> RedeliverWebhookResponse404ErrorCode:
    if value in REDELIVER_WEBHOOK_RESPONSE_404_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REDELIVER_WEBHOOK_RESPONSE_404_ERROR_CODE_VALUES!r}"
    )
