from typing import Literal

FindInvoiceByOrderIdResponse401ErrorCode = Literal[
    "AUTH_INVALID_SIGNATURE", "AUTH_INVALID_TIMESTAMP"
]

FIND_INVOICE_BY_ORDER_ID_RESPONSE_401_ERROR_CODE_VALUES: set[
    FindInvoiceByOrderIdResponse401ErrorCode
] = {
    "AUTH_INVALID_SIGNATURE",
    "AUTH_INVALID_TIMESTAMP",
}


def check_find_invoice_by_order_id_response_401_error_code(
    value: str,
) -> FindInvoiceByOrderIdResponse401ErrorCode:
    if value in FIND_INVOICE_BY_ORDER_ID_RESPONSE_401_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {FIND_INVOICE_BY_ORDER_ID_RESPONSE_401_ERROR_CODE_VALUES!r}"
    )
