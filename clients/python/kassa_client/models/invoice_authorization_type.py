from typing import Literal

InvoiceAuthorizationType = Literal["AUTH_PAGE", "BY_CONTRACT", "SMS_PIN"]

INVOICE_AUTHORIZATION_TYPE_VALUES: set[InvoiceAuthorizationType] = {
    "AUTH_PAGE",
    "BY_CONTRACT",
    "SMS_PIN",
}


def check_invoice_authorization_type(value: str) -> InvoiceAuthorizationType:
    if value in INVOICE_AUTHORIZATION_TYPE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {INVOICE_AUTHORIZATION_TYPE_VALUES!r}"
    )
