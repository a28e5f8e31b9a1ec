from typing import Literal

RefundInvoiceResponse422ErrorCode = Literal[
    "IDEMPOTENCY_KEY_MISMATCH", "INVOICE_NOT_PAID"
]

REFUND_INVOICE_RESPONSE_422_ERROR_CODE_VALUES: set[
    RefundInvoiceResponse422ErrorCode
] = {
    "IDEMPOTENCY_KEY_MISMATCH",
    "INVOICE_NOT_PAID",
}


def check_refund_invoice_response_422_error_code(
    value: str,
) -> RefundInvoiceResponse422ErrorCode:
    if value in REFUND_INVOICE_RESPONSE_422_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REFUND_INVOICE_RESPONSE_422_ERROR_CODE_VALUES!r}"
    )
