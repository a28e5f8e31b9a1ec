from typing import Literal

LegacyPaymentWebhookTransactionStatus = Literal["FAILED", "SUCCESS"]

LEGACY_PAYMENT_WEBHOOK_TRANSACTION_STATUS_VALUES: set[
    LegacyPaymentWebhookTransactionStatus
] = {
    "FAILED",
    "SUCCESS",
}


def check_legacy_payment_webhook_transaction_status(
    value: str,
) -> LegacyPaymentWebhookTransactionStatus:
    if value in LEGACY_PAYMENT_WEBHOOK_TRANSACTION_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LEGACY_PAYMENT_WEBHOOK_TRANSACTION_STATUS_VALUES!r}"
    )
