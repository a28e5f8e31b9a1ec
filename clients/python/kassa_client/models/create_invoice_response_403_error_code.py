from typing import Literal

CreateInvoiceResponse403ErrorCode = Literal["AUTH_INVALID_PROJECT"]

CREATE_INVOICE_RESPONSE_403_ERROR_CODE_VALUES: set[
    CreateInvoiceResponse403ErrorCode
] = {
    "AUTH_INVALID_PROJECT",
}


def check_create_invoice_response_403_error_code(
    value: str,
) -> CreateInvoiceResponse403ErrorCode:
    if value in CREATE_INVOICE_RESPONSE_403_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_INVOICE_RESPONSE_403_ERROR_CODE_VALUES!r}"
    )
