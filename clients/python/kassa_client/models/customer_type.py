from typing import Literal

CustomerType = Literal["bank_card", "mobile_phone", "undefined_bank_card"]

CUSTOMER_TYPE_VALUES: set[CustomerType] = {
    "bank_card",
    "mobile_phone",
    "undefined_bank_card",
}


def check_customer_type(value: str) -> CustomerType:
    if value in CUSTOMER_TYPE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CUSTOMER_TYPE_VALUES!r}"
    )
