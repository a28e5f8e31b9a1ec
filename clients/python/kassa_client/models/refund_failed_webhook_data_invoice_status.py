from typing import Literal

RefundFailedWebhookDataInvoiceStatus = Literal[
    "Authorize", "Cancelled", "Created", "Processed"
]

REFUND_FAILED_WEBHOOK_DATA_INVOICE_STATUS_VALUES: set[
    RefundFailedWebhookDataInvoiceStatus
] = {
    "Authorize",
    "Cancelled",
    "Created",
    "Processed",
}


def check_refund_failed_webhook_data_invoice_status(
    value: str,
) -> RefundFailedWebhookDataInvoiceStatus:
    if value in REFUND_FAILED_WEBHOOK_DATA_INVOICE_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REFUND_FAILED_WEBHOOK_DATA_INVOICE_STATUS_VALUES!r}"
    )
