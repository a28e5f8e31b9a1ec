from typing import Literal

FindInvoiceByOrderIdResponse400ErrorCode = Literal["BAD_REQUEST"]

FIND_INVOICE_BY_ORDER_ID_RESPONSE_400_ERROR_CODE_VALUES: set[
    FindInvoiceByOrderIdResponse400ErrorCode
] = {
    "BAD_REQUEST",
}


def check_find_invoice_by_order_id_response_400_error_code(
    value: str,
) -> FindInvoiceByOrderIdResponse400ErrorCode:
    if value in FIND_INVOICE_BY_ORDER_ID_RESPONSE_400_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {FIND_INVOICE_BY_ORDER_ID_RESPONSE_400_ERROR_CODE_VALUES!r}"
    )
