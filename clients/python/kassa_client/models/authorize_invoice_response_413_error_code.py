from typing import Literal

AuthorizeInvoiceResponse413ErrorCode = Literal["BAD_REQUEST"]

AUTHORIZE_INVOICE_RESPONSE_413_ERROR_CODE_VALUES: set[
    AuthorizeInvoiceResponse413ErrorCode
] = {
    "BAD_REQUEST",
}


def check_authorize_invoice_response_413_error_code(
    value: str,
) -> AuthorizeInvoiceResponse413ErrorCode:
    if value in AUTHORIZE_INVOICE_RESPONSE_413_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {AUTHORIZE_INVOICE_RESPONSE_413_ERROR_CODE_VALUES!r}"
    )
