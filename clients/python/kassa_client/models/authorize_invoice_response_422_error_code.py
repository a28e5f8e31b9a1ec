from typing import Literal

AuthorizeInvoiceResponse422ErrorCode = Literal[
    "IDEMPOTENCY_KEY_MISMATCH",
    "INVOICE_AUTH_ATTEMPTS_EXCEEDED",
    "INVOICE_NOT_AUTHORIZED",
]

AUTHORIZE_INVOICE_RESPONSE_422_ERROR_CODE_VALUES: set[
    AuthorizeInvoiceResponse422ErrorCode
] = {
    "IDEMPOTENCY_KEY_MISMATCH",
    "INVOICE_AUTH_ATTEMPTS_EXCEEDED",
    "INVOICE_NOT_AUTHORIZED",
}


def check_authorize_invoice_response_422_error_code(
    value: str,
) -> AuthorizeInvoiceResponse422ErrorCode:
    if value in AUTHORIZE_INVOICE_RESPONSE_422_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {AUTHORIZE_INVOICE_RESPONSE_422_ERROR_CODE_VALUES!r}"
    )
