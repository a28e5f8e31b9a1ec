from typing import Literal

RefundInvoiceResponse400ErrorCode = Literal["BAD_REQUEST"]

REFUND_INVOICE_RESPONSE_400_ERROR_CODE_VALUES: set[
    RefundInvoiceResponse400ErrorCode
] = {
    "BAD_REQUEST",
}


def check_refund_invoice_response_400_error_code(
    value: str,
) -> RefundInvoiceResponse400ErrorCode:
    if value in REFUND_INVOICE_RESPONSE_400_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REFUND_INVOICE_RESPONSE_400_ERROR_CODE_VALUES!r}"
    )
