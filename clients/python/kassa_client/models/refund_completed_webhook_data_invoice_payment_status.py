from typing import Literal

RefundCompletedWebhookDataInvoicePaymentStatus = Literal["NOT_PAID", "PAID"]

REFUND_COMPLETED_WEBHOOK_DATA_INVOICE_PAYMENT_STATUS_VALUES: set[
    RefundCompletedWebhookDataInvoicePaymentStatus
] = {
    "NOT_PAID",
    "PAID",
}


def check_refund_completed_webhook_data_invoice_payment_status(
    value: str,
) -> RefundCompletedWebhookDataInvoicePaymentStatus:
    if value in REFUND_COMPLETED_WEBHOOK_DATA_INVOICE_PAYMENT_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REFUND_COMPLETED_WEBHOOK_DATA_INVOICE_PAYMENT_STATUS_VALUES!r}"
    )
