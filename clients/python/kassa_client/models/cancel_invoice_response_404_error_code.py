from typing import Literal

CancelInvoiceResponse404ErrorCode = Literal["INVOICE_NOT_FOUND"]

CANCEL_INVOICE_RESPONSE_404_ERROR_CODE_VALUES: set[
    CancelInvoiceResponse404ErrorCode
] = {
    "INVOICE_NOT_FOUND",
}


def check_cancel_invoice_response_404_error_code(
    value: str,
) -> CancelInvoiceResponse404ErrorCode:
    if value in CANCEL_INVOICE_RESPONSE_404_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CANCEL_INVOICE_RESPONSE_404_ERROR_CODE_VALUES!r}"
    )
