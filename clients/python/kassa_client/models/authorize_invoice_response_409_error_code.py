from typing import Literal

AuthorizeInvoiceResponse409ErrorCode = Literal[
    "IDEMPOTENCY_KEY_IN_USE", "INVOICE_WRONG_STATE"
]

AUTHORIZE_INVOICE_RESPONSE_409_ERROR_CODE_VALUES: set[
    AuthorizeInvoiceResponse409ErrorCode
] = {
    "IDEMPOTENCY_KEY_IN_USE",
    "INVOICE_WRONG_STATE",
}


def check_authorize_invoice_response_409_error_code(
    value: str,
) -> AuthorizeInvoiceResponse409ErrorCode:
    if value in AUTHORIZE_INVOICE_RESPONSE_409_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {AUTHORIZE_INVOICE_RESPONSE_409_ERROR_CODE_VALUES!r}"
    )
