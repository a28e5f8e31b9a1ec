from typing import Literal

FindInvoiceByOrderIdResponse403ErrorCode = Literal["AUTH_INVALID_PROJECT"]

FIND_INVOICE_BY_ORDER_ID_RESPONSE_403_ERROR_CODE_VALUES: set[
    FindInvoiceByOrderIdResponse403ErrorCode
] = {
    "AUTH_INVALID_PROJECT",
}


def check_find_invoice_by_order_id_response_403_error_code(
    value: str,
) -> FindInvoiceByOrderIdResponse403ErrorCode:
    if value in FIND_INVOICE_BY_ORDER_ID_RESPONSE_403_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {FIND_INVOICE_BY_ORDER_ID_RESPONSE_403_ERROR_CODE_VALUES!r}"
    )
