from typing import Literal

GetInvoiceResponse503ErrorCode = Literal["SERVICE_UNAVAILABLE"]

GET_INVOICE_RESPONSE_503_ERROR_CODE_VALUES: set[GetInvoiceResponse503ErrorCode] = {
    "SERVICE_UNAVAILABLE",
}


def check_get_invoice_response_503_error_code(
    value: str,
) -> GetInvoiceResponse503ErrorCode:
    if value in GET_INVOICE_RESPONSE_503_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_INVOICE_RESPONSE_503_ERROR_CODE_VALUES!r}"
    )
