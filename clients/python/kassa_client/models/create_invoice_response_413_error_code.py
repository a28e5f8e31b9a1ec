from typing import Literal

CreateInvoiceResponse413ErrorCode = Literal["BAD_REQUEST"]

CREATE_INVOICE_RESPONSE_413_ERROR_CODE_VALUES: set[
    CreateInvoiceResponse413ErrorCode
] = {
    "BAD_REQUEST",
}


def check_create_invoice_response_413_error_code(
    value: str,
) -> CreateInvoiceResponse413ErrorCode:
    if value in CREATE_INVOICE_RESPONSE_413_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_INVOICE_RESPONSE_413_ERROR_CODE_VALUES!r}"
    )
