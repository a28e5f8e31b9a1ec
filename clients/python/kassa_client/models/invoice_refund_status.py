from typing import Literal

InvoiceRefundStatus = Literal["completed", "failed", "processing"]

INVOICE_REFUND_STATUS_VALUES: set[InvoiceRefundStatus] = {
    "completed",
    "failed",
    "processing",
}


def check_invoice_refund_status(value: str) -> InvoiceRefundStatus:
    if value in INVOICE_REFUND_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {INVOICE_REFUND_STATUS_VALUES!r}"
    )
