from typing import Literal

CancelInvoiceResponse503ErrorCode = Literal["SERVICE_UNAVAILABLE"]

CANCEL_INVOICE_RESPONSE_503_ERROR_CODE_VALUES: set[
    CancelInvoiceResponse503ErrorCode
] = {
    "SERVICE_UNAVAILABLE",
}


def check_cancel_invoice_response_503_error_code(
    value: str,
) -> CancelInvoiceResponse503ErrorCode:
    if value in CANCEL_INVOICE_RESPONSE_503_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CANCEL_INVOICE_RESPONSE_503_ERROR_CODE_VALUES!r}"
    )
