from typing import Literal

AuthorizeInvoiceResponse400ErrorCode = Literal["BAD_REQUEST"]

AUTHORIZE_INVOICE_RESPONSE_400_ERROR_CODE_VALUES: set[
    AuthorizeInvoiceResponse400ErrorCode
] = {
    "BAD_REQUEST",
}


def check_authorize_invoice_response_400_error_code(
    value: str,
) -> AuthorizeInvoiceResponse400ErrorCode:
    if value in AUTHORIZE_INVOICE_RESPONSE_400_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {AUTHORIZE_INVOICE_RESPONSE_400_ERROR_CODE_VALUES!r}"
    )
