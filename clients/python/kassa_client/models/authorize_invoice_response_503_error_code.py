from typing import Literal

AuthorizeInvoiceResponse503ErrorCode = Literal["SERVICE_UNAVAILABLE"]

AUTHORIZE_INVOICE_RESPONSE_503_ERROR_CODE_VALUES: set[
    AuthorizeInvoiceResponse503ErrorCode
] = {
    "SERVICE_UNAVAILABLE",
}


def check_authorize_invoice_response_503_error_code(
    value: str,
) -> AuthorizeInvoiceResponse503ErrorCode:
    if value in AUTHORIZE_INVOICE_RESPONSE_503_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {AUTHORIZE_INVOICE_RESPONSE_503_ERROR_CODE_VALUES!r}"
    )
