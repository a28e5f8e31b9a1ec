from typing import Literal

CreateInvoiceResponse503ErrorCode = Literal["SERVICE_UNAVAILABLE"]

CREATE_INVOICE_RESPONSE_503_ERROR_CODE_VALUES: set[
    CreateInvoiceResponse503ErrorCode
] = {
    "SERVICE_UNAVAILABLE",
}


def check_create_invoice_response_503_error_code(
    value: str,
) -> CreateInvoiceResponse503ErrorCode:
    if value in CREATE_INVOICE_RESPONSE_503_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_INVOICE_RESPONSE_503_ERROR_CODE_VALUES!r}"
    )
