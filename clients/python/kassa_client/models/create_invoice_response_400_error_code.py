from typing import Literal

CreateInvoiceResponse400ErrorCode = Literal[
    "BAD_REQUEST",
    "TEST_CALLBACK_URL_FORBIDDEN",
    "TEST_CALLBACK_URL_REJECTED",
    "TEST_CLOCK_LIMIT_EXCEEDED",
]

CREATE_INVOICE_RESPONSE_400_ERROR_CODE_VALUES: set[
    CreateInvoiceResponse400ErrorCode
] = {
    "BAD_REQUEST",
    "TEST_CALLBACK_URL_FORBIDDEN",
    "TEST_CALLBACK_URL_REJECTED",
    "TEST_CLOCK_LIMIT_EXCEEDED",
}


def check_create_invoice_response_400_error_code(
    value: str,
) -> CreateInvoiceResponse400ErrorCode:
    if value in CREATE_INVOICE_RESPONSE_400_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_INVOICE_RESPONSE_400_ERROR_CODE_VALUES!r}"
    )
