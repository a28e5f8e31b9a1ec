from typing import Literal

GetInvoiceResponse400ErrorCode = Literal["BAD_REQUEST"]

GET_INVOICE_RESPONSE_400_ERROR_CODE_VALUES: set[GetInvoiceResponse400ErrorCode] = {
    "BAD_REQUEST",
}


def check_get_invoice_response_400_error_code(
    value: str,
) -> GetInvoiceResponse400ErrorCode:
    if value in GET_INVOICE_RESPONSE_400_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_INVOICE_RESPONSE_400_ERROR_CODE_VALUES!r}"
    )
