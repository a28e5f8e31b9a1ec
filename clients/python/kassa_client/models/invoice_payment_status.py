from typing import Literal

InvoicePaymentStatus = Literal["NOT_PAID", "PAID"]

INVOICE_PAYMENT_STATUS_VALUES: set[InvoicePaymentStatus] = {
    "NOT_PAID",
    "PAID",
}


def check_invoice_payment_status(value: str) -> InvoicePaymentStatus:
    if value in INVOICE_PAYMENT_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {INVOICE_PAYMENT_STATUS_VALUES!r}"
    )
