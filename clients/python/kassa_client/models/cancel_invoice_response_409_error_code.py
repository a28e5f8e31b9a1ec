from typing import Literal

CancelInvoiceResponse409ErrorCode = Literal[
    "IDEMPOTENCY_KEY_IN_USE", "INVOICE_WRONG_STATE"
]

CANCEL_INVOICE_RESPONSE_409_ERROR_CODE_VALUES: set[
    CancelInvoiceResponse409ErrorCode
] = {
    "IDEMPOTENCY_KEY_IN_USE",
    "INVOICE_WRONG_STATE",
}


def check_cancel_invoice_response_409_error_code(
    value: str,
) -> CancelInvoiceResponse409ErrorCode:
    if value in CANCEL_INVOICE_RESPONSE_409_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CANCEL_INVOICE_RESPONSE_409_ERROR_CODE_VALUES!r}"
    )
