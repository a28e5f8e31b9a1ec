from typing import Literal

RefundInvoiceResponse413ErrorCode = Literal["BAD_REQUEST"]

REFUND_INVOICE_RESPONSE_413_ERROR_CODE_VALUES: set[
    RefundInvoiceResponse413ErrorCode
] = {
    "BAD_REQUEST",
}


def check_refund_invoice_response_413_error_code(
    value: str,
) -> RefundInvoiceResponse413ErrorCode:
    if value in REFUND_INVOICE_RESPONSE_413_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REFUND_INVOICE_RESPONSE_413_ERROR_CODE_VALUES!r}"
    )
