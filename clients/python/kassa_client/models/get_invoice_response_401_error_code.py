from typing import Literal

GetInvoiceResponse401ErrorCode = Literal[
    "AUTH_INVALID_SIGNATURE", "AUTH_INVALID_TIMESTAMP"
]

GET_INVOICE_RESPONSE_401_ERROR_CODE_VALUES: set[GetInvoiceResponse401ErrorCode] = {
    "AUTH_INVALID_SIGNATURE",
    "AUTH_INVALID_TIMESTAMP",
}


def check_get_invoice_response_401_error_code(
    value: str,
) -> GetInvoiceResponse401ErrorCode:
    if value in GET_INVOICE_RESPONSE_401_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GET_INVOICE_RESPONSE_401_ERROR_CODE_VALUES!r}"
    )
