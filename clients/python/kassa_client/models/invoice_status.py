from typing import Literal

InvoiceStatus = Literal["Authorize", "Cancelled", "Created", "Processed"]

INVOICE_STATUS_VALUES: set[InvoiceStatus] = {
    "Authorize",
    "Cancelled",
    "Created",
    "Processed",
}


def check_invoice_status(value: str) -> InvoiceStatus:
    if value in INVOICE_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {INVOICE_STATUS_VALUES!r}"
    )
