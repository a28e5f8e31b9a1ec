from typing import Literal

CreateInvoiceResponse409ErrorCode = Literal[
    "CONTRACT_ALREADY_EXISTS",
    "CONTRACT_DRAFT_EXISTS",
    "IDEMPOTENCY_KEY_IN_USE",
    "INVOICE_ALREADY_EXISTS",
]

CREATE_INVOICE_RESPONSE_409_ERROR_CODE_VALUES: set[
    CreateInvoiceResponse409ErrorCode
] = {
    "CONTRACT_ALREADY_EXISTS",
    "CONTRACT_DRAFT_EXISTS",
    "IDEMPOTENCY_KEY_IN_USE",
    "INVOICE_ALREADY_EXISTS",
}


def check_create_invoice_response_409_error_code(
    value: str,
) -> CreateInvoiceResponse409ErrorCode:
    if value in CREATE_INVOICE_RESPONSE_409_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_INVOICE_RESPONSE_409_ERROR_CODE_VALUES!r}"
    )
