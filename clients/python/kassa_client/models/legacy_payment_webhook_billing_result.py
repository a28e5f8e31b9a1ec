from typing import Literal

LegacyPaymentWebhookBillingResult = Literal[
    "FailedSequencePayment", "SuccessSequencePayment"
]

LEGACY_PAYMENT_WEBHOOK_BILLING_RESULT_VALUES: set[LegacyPaymentWebhookBillingResult] = {
    "FailedSequencePayment",
    "SuccessSequencePayment",
}


def check_legacy_payment_webhook_billing_result(
    value: str,
) -> LegacyPaymentWebhookBillingResult:
    if value in LEGACY_PAYMENT_WEBHOOK_BILLING_RESULT_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LEGACY_PAYMENT_WEBHOOK_BILLING_RESULT_VALUES!r}"
    )
