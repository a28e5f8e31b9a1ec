from typing import Literal

CancelInvoiceResponse422ErrorCode = Literal["IDEMPOTENCY_KEY_MISMATCH"]

CANCEL_INVOICE_RESPONSE_422_ERROR_CODE_VALUES: set[
    CancelInvoiceResponse422ErrorCode
] = {
    "IDEMPOTENCY_KEY_MISMATCH",
}


def check_cancel_invoice_response_422_error_code(
    value: str,
) -> CancelInvoiceResponse422ErrorCode:
    if value in CANCEL_INVOICE_RESPONSE_422_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CANCEL_INVOICE_RESPONSE_422_ERROR_CODE_VALUES!r}"
    )
