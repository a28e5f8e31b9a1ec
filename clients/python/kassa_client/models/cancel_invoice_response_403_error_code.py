from typing import Literal

CancelInvoiceResponse403ErrorCode = Literal["AUTH_INVALID_PROJECT"]

CANCEL_INVOICE_RESPONSE_403_ERROR_CODE_VALUES: set[
    CancelInvoiceResponse403ErrorCode
] = {
    "AUTH_INVALID_PROJECT",
}


def check_cancel_invoice_response_403_error_code(
    value: str,
) -> CancelInvoiceResponse403ErrorCode:
    if value in CANCEL_INVOICE_RESPONSE_403_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CANCEL_INVOICE_RESPONSE_403_ERROR_CODE_VALUES!r}"
    )
