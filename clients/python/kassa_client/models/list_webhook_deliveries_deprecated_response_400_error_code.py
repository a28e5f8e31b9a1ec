from typing import Literal

ListWebhookDeliveriesDeprecatedResponse400ErrorCode = Literal["BAD_REQUEST"]

LIST_WEBHOOK_DELIVERIES_DEPRECATED_RESPONSE_400_ERROR_CODE_VALUES: set[
    ListWebhookDeliveriesDeprecatedResponse400ErrorCode
] = {
    "BAD_REQUEST",
}


def check_list_webhook_deliveries_deprecated_response_400_error_code(
    value: str,
) -> ListWebhookDeliveriesDeprecatedResponse400ErrorCode:
    if value in LIST_WEBHOOK_DELIVERIES_DEPRECATED_RESPONSE_400_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_WEBHOOK_DELIVERIES_DEPRECATED_RESPONSE_400_ERROR_CODE_VALUES!r}"
    )
