from typing import Literal

CreateInvoiceResponse429ErrorCode = Literal["TEST_CALLBACK_URL_RATE_LIMITED"]

CREATE_INVOICE_RESPONSE_429_ERROR_CODE_VALUES: set[
    CreateInvoiceResponse429ErrorCode
] = {
    "TEST_CALLBACK_URL_RATE_LIMITED",
}


def check_create_invoice_response_429_error_code(
    value: str,
) -> CreateInvoiceResponse429ErrorCode:
    if value in CREATE_INVOICE_RESPONSE_429_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_INVOICE_RESPONSE_429_ERROR_CODE_VALUES!r}"
    )
