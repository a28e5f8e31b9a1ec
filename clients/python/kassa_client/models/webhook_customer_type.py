from typing import Literal

WebhookCustomerType = Literal["bank_card", "mobile_phone", "undefined_bank_card"]

WEBHOOK_CUSTOMER_TYPE_VALUES: set[WebhookCustomerType] = {
    "bank_card",
    "mobile_phone",
    "undefined_bank_card",
}


def check_webhook_customer_type(value: str) -> WebhookCustomerType:
    if value in WEBHOOK_CUSTOMER_TYPE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {WEBHOOK_CUSTOMER_TYPE_VALUES!r}"
    )
