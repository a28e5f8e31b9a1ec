from typing import Literal

RefundInvoiceResponse409ErrorCode = Literal["IDEMPOTENCY_KEY_IN_USE"]

REFUND_INVOICE_RESPONSE_409_ERROR_CODE_VALUES: set[
    RefundInvoiceResponse409ErrorCode
] = {
    "IDEMPOTENCY_KEY_IN_USE",
}


def check_refund_invoice_response_409_error_code(
    value: str,
) -> RefundInvoiceResponse409ErrorCode:
    if value in REFUND_INVOICE_RESPONSE_409_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REFUND_INVOICE_RESPONSE_409_ERROR_CODE_VALUES!r}"
    )
