from typing import Literal

RedeliverWebhookResponse403ErrorCode = Literal["AUTH_INVALID_PROJECT"]

REDELIVER_WEBHOOK_RESPONSE_403_ERROR_CODE_VALUES: set[
    RedeliverWebhookResponse403ErrorCode
] = {
    "AUTH_INVALID_PROJECT",
}


def check_redeliver_webhook_response_403_error_code(
    value: str,
) -> RedeliverWebhookResponse403ErrorCode:
    if value in REDELIVER_WEBHOOK_RESPONSE_403_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REDELIVER_WEBHOOK_RESPONSE_403_ERROR_CODE_VALUES!r}"
    )
