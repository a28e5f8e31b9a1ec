from typing import Literal

PaymentUpdatedWebhookDataInvoiceStatus = Literal[
    "Authorize", "Cancelled", "Created", "Processed"
]

PAYMENT_UPDATED_WEBHOOK_DATA_INVOICE_STATUS_VALUES: set[
    PaymentUpdatedWebhookDataInvoiceStatus
] = {
    "Authorize",
    "Cancelled",
    "Created",
    "Processed",
}


def check_payment_updated_webhook_data_invoice_status(
    value: str,
) -> PaymentUpdatedWebhookDataInvoiceStatus:
    if value in PAYMENT_UPDATED_WEBHOOK_DATA_INVOICE_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PAYMENT_UPDATED_WEBHOOK_DATA_INVOICE_STATUS_VALUES!r}"
    )
