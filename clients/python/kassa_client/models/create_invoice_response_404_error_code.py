from typing import Literal

CreateInvoiceResponse404ErrorCode = Literal[
    "CONTRACT_NOT_FOUND", "TEST_CLOCK_NOT_FOUND"
]

CREATE_INVOICE_RESPONSE_404_ERROR_CODE_VALUES: set[
    CreateInvoiceResponse404ErrorCode
] = {
    "CONTRACT_NOT_FOUND",
    "TEST_CLOCK_NOT_FOUND",
}


def check_create_invoice_response_404_error_code(
    value: str,
) -> CreateInvoiceResponse404ErrorCode:
    if value in CREATE_INVOICE_RESPONSE_404_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_INVOICE_RESPONSE_404_ERROR_CODE_VALUES!r}"
    )
