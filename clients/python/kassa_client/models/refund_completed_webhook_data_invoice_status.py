from typing import Literal

RefundCompletedWebhookDataInvoiceStatus = Literal[
    "Authorize", "Cancelled", "Created", "Processed"
]

REFUND_COMPLETED_WEBHOOK_DATA_INVOICE_STATUS_VALUES: set[
    RefundCompletedWebhookDataInvoiceStatus
] = {
    "Authorize",
    "Cancelled",
    "Created",
    "Processed",
}


def check_refund_completed_webhook_data_invoice_status(
    value: str,
) -> RefundCompletedWebhookDataInvoiceStatus:
    if value in REFUND_COMPLETED_WEBHOOK_DATA_INVOICE_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REFUND_COMPLETED_WEBHOOK_DATA_INVOICE_STATUS_VALUES!r}"
    )
