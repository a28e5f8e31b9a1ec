from typing import Literal

CreateInvoiceResponse422ErrorCode = Literal[
    "IDEMPOTENCY_KEY_MISMATCH", "INVALID_PAYMENT_METHOD", "PIN_NOT_DELIVERED"
]

CREATE_INVOICE_RESPONSE_422_ERROR_CODE_VALUES: set[
    CreateInvoiceResponse422ErrorCode
] = {
    "IDEMPOTENCY_KEY_MISMATCH",
    "INVALID_PAYMENT_METHOD",
    "PIN_NOT_DELIVERED",
}


def check_create_invoice_response_422_error_code(
    value: str,
) -> CreateInvoiceResponse422ErrorCode:
    if value in CREATE_INVOICE_RESPONSE_422_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_INVOICE_RESPONSE_422_ERROR_CODE_VALUES!r}"
    )
