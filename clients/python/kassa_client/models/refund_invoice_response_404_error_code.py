from typing import Literal

RefundInvoiceResponse404ErrorCode = Literal["INVOICE_NOT_FOUND"]

REFUND_INVOICE_RESPONSE_404_ERROR_CODE_VALUES: set[
    RefundInvoiceResponse404ErrorCode
] = {
    "INVOICE_NOT_FOUND",
}


def check_refund_invoice_response_404_error_code(
    value: str,
) -> RefundInvoiceResponse404ErrorCode:
    if value in REFUND_INVOICE_RESPONSE_404_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REFUND_INVOICE_RESPONSE_404_ERROR_CODE_VALUES!r}"
    )
