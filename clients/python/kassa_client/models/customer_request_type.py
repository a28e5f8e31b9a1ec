from typing import Literal

CustomerRequestType = Literal["bank_card", "mobile_phone", "undefined_bank_card"]

CUSTOMER_REQUEST_TYPE_VALUES: set[CustomerRequestType] = {
    "bank_card",
    "mobile_phone",
    "undefined_bank_card",
}


def check_customer_request_type(value: str) -> CustomerRequestType:
    if value in CUSTOMER_REQUEST_TYPE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CUSTOMER_REQUEST_TYPE_VALUES!r}"
    )
