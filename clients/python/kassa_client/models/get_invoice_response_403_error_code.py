from typing import Literal

GetInvoiceResponse403ErrorCode = Literal["AUTH_INVALID_PROJECT"]

GET_INVOICE_RESPONSE_403_ERROR_CODE_VALUES: set[GetInvoiceResponse403ErrorCode] = {
    "AUTH_INVALID_PROJECT",
}


def check_get_invoice_response_403_error_code(
    value: str,
) -> GetInvoiceResponse403ErrorCode:
    if value in GET_INVOICE_RESPONSE_403_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_INVOICE_RESPONSE_403_ERROR_CODE_VALUES!r}"
    )
