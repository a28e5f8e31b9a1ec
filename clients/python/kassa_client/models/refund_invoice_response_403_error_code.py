from typing import Literal

RefundInvoiceResponse403ErrorCode = Literal["AUTH_INVALID_PROJECT"]

REFUND_INVOICE_RESPONSE_403_ERROR_CODE_VALUES: set[
    RefundInvoiceResponse403ErrorCode
] = {
    "AUTH_INVALID_PROJECT",
}


def check_refund_invoice_response_403_error_code(
    value: str,
) -> RefundInvoiceResponse403ErrorCode:
    if value in REFUND_INVOICE_RESPONSE_403_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REFUND_INVOICE_RESPONSE_403_ERROR_CODE_VALUES!r}"
    )
