from typing import Literal

CancelInvoiceResponse400ErrorCode = Literal["BAD_REQUEST"]

CANCEL_INVOICE_RESPONSE_400_ERROR_CODE_VALUES: set[
    CancelInvoiceResponse400ErrorCode
] = {
    "BAD_REQUEST",
}


def check_cancel_invoice_response_400_error_code(
    value: str,
) -> CancelInvoiceResponse400ErrorCode:
    if value in CANCEL_INVOICE_RESPONSE_400_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CANCEL_INVOICE_RESPONSE_400_ERROR_CODE_VALUES!r}"
    )
