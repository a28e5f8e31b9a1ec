from typing import Literal

GetInvoiceResponse404ErrorCode = Literal["INVOICE_NOT_FOUND"]

GET_INVOICE_RESPONSE_404_ERROR_CODE_VALUES: set[GetInvoiceResponse404ErrorCode] = {
    "INVOICE_NOT_FOUND",
}


def check_get_invoice_response_404_error_code(
    value: str,
) -> GetInvoiceResponse404ErrorCode:
    if value in GET_INVOICE_RESPONSE_404_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_INVOICE_RESPONSE_404_ERROR_CODE_VALUES!r}"
    )
