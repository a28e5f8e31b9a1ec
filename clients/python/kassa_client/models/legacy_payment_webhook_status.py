from typing import Literal

LegacyPaymentWebhookStatus = Literal["Authorize", "Cancelled", "Created", "Processed"]

LEGACY_PAYMENT_WEBHOOK_STATUS_VALUES: set[LegacyPaymentWebhookStatus] = {
    "Authorize",
    "Cancelled",
    "Created",
    "Processed",
}


def check_legacy_payment_webhook_status(value: str) -> LegacyPaymentWebhookStatus:
    if value in LEGACY_PAYMENT_WEBHOOK_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LEGACY_PAYMENT_WEBHOOK_STATUS_VALUES!r}"
    )
