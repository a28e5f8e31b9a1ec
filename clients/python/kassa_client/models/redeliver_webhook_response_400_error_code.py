from typing import Literal

RedeliverWebhookResponse400ErrorCode = Literal["BAD_REQUEST"]

REDELIVER_WEBHOOK_RESPONSE_400_ERROR_CODE_VALUES: set[
    RedeliverWebhookResponse400ErrorCode
] = {
    "BAD_REQUEST",
}


def check_redeliver_webhook_response_400_error_code(
    value: str,
) -> RedeliverWebhookResponse400ErrorCode:
    if value in REDELIVER_WEBHOOK_RESPONSE_400_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REDELIVER_WEBHOOK_RESPONSE_400_ERROR_CODE_VALUES!r}"
    )
