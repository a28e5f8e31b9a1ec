from typing import Literal

PaymentUpdatedWebhookDataInvoicePaymentStatus = Literal["NOT_PAID", "PAID"]

PAYMENT_UPDATED_WEBHOOK_DATA_INVOICE_PAYMENT_STATUS_VALUES: set[
    PaymentUpdatedWebhookDataInvoicePaymentStatus
] = {
    "NOT_PAID",
    "PAID",
}


def check_payment_updated_webhook_data_invoice_payment_status(
    value: str,
) -> PaymentUpdatedWebhookDataInvoicePaymentStatus:
    if value in PAYMENT_UPDATED_WEBHOOK_DATA_INVOICE_PAYMENT_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PAYMENT_UPDATED_WEBHOOK_DATA_INVOICE_PAYMENT_STATUS_VALUES!r}"
    )
