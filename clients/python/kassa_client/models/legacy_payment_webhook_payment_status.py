from typing import Literal

LegacyPaymentWebhookPaymentStatus = Literal["NOT_PAID", "PAID"]

LEGACY_PAYMENT_WEBHOOK_PAYMENT_STATUS_VALUES: set[LegacyPaymentWebhookPaymentStatus] = {
    "NOT_PAID",
    "PAID",
}


def check_legacy_payment_webhook_payment_status(
    value: str,
) -> LegacyPaymentWebhookPaymentStatus:
    if value in LEGACY_PAYMENT_WEBHOOK_PAYMENT_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LEGACY_PAYMENT_WEBHOOK_PAYMENT_STATUS_VALUES!r}"
    )
