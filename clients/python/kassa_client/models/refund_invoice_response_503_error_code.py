from typing import Literal

RefundInvoiceResponse503ErrorCode = Literal["SERVICE_UNAVAILABLE"]

REFUND_INVOICE_RESPONSE_503_ERROR_CODE_VALUES: set[
    RefundInvoiceResponse503ErrorCode
] = {
    "SERVICE_UNAVAILABLE",
}


def check_refund_invoice_response_503_error_code(
    value: str,
) -> RefundInvoiceResponse503ErrorCode:
    if value in REFUND_INVOICE_RESPONSE_503_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REFUND_INVOICE_RESPONSE_503_ERROR_CODE_VALUES!r}"
    )
