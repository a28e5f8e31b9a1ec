from typing import Literal

FindInvoiceByOrderIdResponse503ErrorCode = Literal["SERVICE_UNAVAILABLE"]

FIND_INVOICE_BY_ORDER_ID_RESPONSE_503_ERROR_CODE_VALUES: set[
    FindInvoiceByOrderIdResponse503ErrorCode
] = {
    "SERVICE_UNAVAILABLE",
}


def check_find_invoice_by_order_id_response_503_error_code(
    value: str,
) -> FindInvoiceByOrderIdResponse503ErrorCode:
    if value in FIND_INVOICE_BY_ORDER_ID_RESPONSE_503_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {FIND_INVOICE_BY_ORDER_ID_RESPONSE_503_ERROR_CODE_VALUES!r}"
    )
