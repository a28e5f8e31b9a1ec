from typing import Literal

CancelInvoiceResponse401ErrorCode = Literal[
    "AUTH_INVALID_SIGNATURE", "AUTH_INVALID_TIMESTAMP"
]

CANCEL_INVOICE_RESPONSE_401_ERROR_CODE_VALUES: set[
    CancelInvoiceResponse401ErrorCode
] = {
    "AUTH_INVALID_SIGNATURE",
    "AUTH_INVALID_TIMESTAMP",
}


def check_cancel_invoice_response_401_error_code(
    value: str,
) -> CancelInvoiceResponse401ErrorCode:
    if value in CANCEL_INVOICE_RESPONSE_401_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CANCEL_INVOICE_RESPONSE_401_ERROR_CODE_VALUES!r}"
    )
