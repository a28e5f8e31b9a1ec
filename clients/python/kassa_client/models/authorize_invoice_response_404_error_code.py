from typing import Literal

AuthorizeInvoiceResponse404ErrorCode = Literal["INVOICE_NOT_FOUND"]

AUTHORIZE_INVOICE_RESPONSE_404_ERROR_CODE_VALUES: set[
    AuthorizeInvoiceResponse404ErrorCode
] = {
    "INVOICE_NOT_FOUND",
}


def check_authorize_invoice_response_404_error_code(
    value: str,
) -> AuthorizeInvoiceResponse404ErrorCode:
    if value in AUTHORIZE_INVOICE_RESPONSE_404_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {AUTHORIZE_INVOICE_RESPONSE_404_ERROR_CODE_VALUES!r}"
    )
