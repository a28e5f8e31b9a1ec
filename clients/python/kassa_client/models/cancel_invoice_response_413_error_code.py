from typing import Literal

CancelInvoiceResponse413ErrorCode = Literal["BAD_REQUEST"]

CANCEL_INVOICE_RESPONSE_413_ERROR_CODE_VALUES: set[
    CancelInvoiceResponse413ErrorCode
] = {
    "BAD_REQUEST",
}


def check_cancel_invoice_response_413_error_code(
    value: str,
) -> CancelInvoiceResponse413ErrorCode:
    if value in CANCEL_INVOICE_RESPONSE_413_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CANCEL_INVOICE_RESPONSE_413_ERROR_CODE_VALUES!r}"
    )
