from typing import Literal

RefundFailedWebhookDataInvoicePaymentStatus = Literal["NOT_PAID", "PAID"]

REFUND_FAILED_WEBHOOK_DATA_INVOICE_PAYMENT_STATUS_VALUES: set[
    RefundFailedWebhookDataInvoicePaymentStatus
] = {
    "NOT_PAID",
    "PAID",
}


def check_refund_failed_webhook_data_invoice_payment_status(
    value: str,
) -> RefundFailedWebhookDataInvoicePaymentStatus:
    if value in REFUND_FAILED_WEBHOOK_DATA_INVOICE_PAYMENT_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REFUND_FAILED_WEBHOOK_DATA_INVOICE_PAYMENT_STATUS_VALUES!r}"
    )
