from typing import Literal

InvoiceContractAuthorizationType = Literal["EXTERNAL", "SKIP", "SMS_PIN"]

INVOICE_CONTRACT_AUTHORIZATION_TYPE_VALUES: set[InvoiceContractAuthorizationType] = {
    "EXTERNAL",
    "SKIP",
    "SMS_PIN",
}


def check_invoice_contract_authorization_type(
    value: str,
) -> InvoiceContractAuthorizationType:
    if value in INVOICE_CONTRACT_AUTHORIZATION_TYPE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {INVOICE_CONTRACT_AUTHORIZATION_TYPE_VALUES!r}"
    )
