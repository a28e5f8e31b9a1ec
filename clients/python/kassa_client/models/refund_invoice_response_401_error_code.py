from typing import Literal

RefundInvoiceResponse401ErrorCode = Literal[
    "AUTH_INVALID_SIGNATURE", "AUTH_INVALID_TIMESTAMP"
]

REFUND_INVOICE_RESPONSE_401_ERROR_CODE_VALUES: set[
    RefundInvoiceResponse401ErrorCode
] = {
    "AUTH_INVALID_SIGNATURE",
    "AUTH_INVALID_TIMESTAMP",
}


def check_refund_invoice_response_401_error_code(
    value: str,
) -> RefundInvoiceResponse401ErrorCode:
    if value in REFUND_INVOICE_RESPONSE_401_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REFUND_INVOICE_RESPONSE_401_ERROR_CODE_VALUES!r}"
    )
