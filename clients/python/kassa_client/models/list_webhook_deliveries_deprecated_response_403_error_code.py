from typing import Literal

ListWebhookDeliveriesDeprecatedResponse403ErrorCode = Literal["AUTH_INVALID_PROJECT"]

LIST_WEBHOOK_DELIVERIES_DEPRECATED_RESPONSE_403_ERROR_CODE_VALUES: set[
    ListWebhookDeliveriesDeprecatedResponse403ErrorCode
] = {
    "AUTH_INVALID_PROJECT",
}


def check_list_webhook_deliveries_deprecated_response_403_error_code(
    value: str,
) -> ListWebhookDeliveriesDeprecatedResponse403ErrorCode:
    if value in LIST_WEBHOOK_DELIVERIES_DEPRECATED_RESPONSE_403_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_WEBHOOK_DELIVERIES_DEPRECATED_RESPONSE_403_ERROR_CODE_VALUES!r}"
    )
