from typing import Literal

AuthorizeInvoiceResponse401ErrorCode = Literal[
    "AUTH_INVALID_SIGNATURE", "AUTH_INVALID_TIMESTAMP"
]

AUTHORIZE_INVOICE_RESPONSE_401_ERROR_CODE_VALUES: set[
    AuthorizeInvoiceResponse401ErrorCode
] = {
    "AUTH_INVALID_SIGNATURE",
    "AUTH_INVALID_TIMESTAMP",
}


def check_authorize_invoice_response_401_error_code(
    value: str,
) -> AuthorizeInvoiceResponse401ErrorCode:
    if value in AUTHORIZE_INVOICE_RESPONSE_401_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {AUTHORIZE_INVOICE_RESPONSE_401_ERROR_CODE_VALUES!r}"
    )
