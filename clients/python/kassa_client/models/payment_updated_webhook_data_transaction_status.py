from typing import Literal

PaymentUpdatedWebhookDataTransactionStatus = Literal["FAILED", "SUCCESS"]

PAYMENT_UPDATED_WEBHOOK_DATA_TRANSACTION_STATUS_VALUES: set[
    PaymentUpdatedWebhookDataTransactionStatus
] = {
    "FAILED",
    "SUCCESS",
}


def check_payment_updated_webhook_data_transaction_status(
    value: str,
) -> PaymentUpdatedWebhookDataTransactionStatus:
    if value in PAYMENT_UPDATED_WEBHOOK_DATA_TRANSACTION_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PAYMENT_UPDATED_WEBHOOK_DATA_TRANSACTION_STATUS_VALUES!r}"
    )
