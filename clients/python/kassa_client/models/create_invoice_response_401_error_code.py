from typing import Literal

CreateInvoiceResponse401ErrorCode = Literal[
    "AUTH_INVALID_SIGNATURE", "AUTH_INVALID_TIMESTAMP"
]

CREATE_INVOICE_RESPONSE_401_ERROR_CODE_VALUES: set[
    CreateInvoiceResponse401ErrorCode
] = {
    "AUTH_INVALID_SIGNATURE",
    "AUTH_INVALID_TIMESTAMP",
}


def check_create_invoice_response_401_error_code(
    value: str,
) -> CreateInvoiceResponse401ErrorCode:
    if value in CREATE_INVOICE_RESPONSE_401_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_INVOICE_RESPONSE_401_ERROR_CODE_VALUES!r}"
    )
