from typing import Literal

AuthorizeInvoiceResponse403ErrorCode = Literal["AUTH_INVALID_PROJECT"]

AUTHORIZE_INVOICE_RESPONSE_403_ERROR_CODE_VALUES: set[
    AuthorizeInvoiceResponse403ErrorCode
] = {
    "AUTH_INVALID_PROJECT",
}


def check_authorize_invoice_response_403_error_code(
    value: str,
) -> AuthorizeInvoiceResponse403ErrorCode:
    if value in AUTHORIZE_INVOICE_RESPONSE_403_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {AUTHORIZE_INVOICE_RESPONSE_403_ERROR_CODE_VALUES!r}"
    )
