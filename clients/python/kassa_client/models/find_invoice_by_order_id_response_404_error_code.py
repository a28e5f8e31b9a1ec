from typing import Literal

FindInvoiceByOrderIdResponse404ErrorCode = Literal["INVOICE_NOT_FOUND"]

FIND_INVOICE_BY_ORDER_ID_RESPONSE_404_ERROR_CODE_VALUES: set[
    FindInvoiceByOrderIdResponse404ErrorCode
] = {
    "INVOICE_NOT_FOUND",
}


def check_find_invoice_by_order_id_response_404_error_code(
    value: str,
) -> FindInvoiceByOrderIdResponse404ErrorCode:
    if value in FIND_INVOICE_BY_ORDER_ID_RESPONSE_404_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {FIND_INVOICE_BY_ORDER_ID_RESPONSE_404_ERROR_CODE_VALUES!r}"
    )
