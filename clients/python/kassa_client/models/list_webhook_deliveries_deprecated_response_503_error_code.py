from typing import Literal

ListWebhookDeliveriesDeprecatedResponse503ErrorCode = Literal["SERVICE_UNAVAILABLE"]

LIST_WEBHOOK_DELIVERIES_DEPRECATED_RESPONSE_503_ERROR_CODE_VALUES: set[
    ListWebhookDeliveriesDeprecatedResponse503ErrorCode
] = {
    "SERVICE_UNAVAILABLE",
}


def check_list_webhook_deliveries_deprecated_response_503_error_code(
    value: str,
) -> ListWebhookDeliveriesDeprecatedResponse503ErrorCode:
    if value in LIST_WEBHOOK_DELIVERIES_DEPRECATED_RESPONSE_503_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LIST_WEBHOOK_DELIVERIES_DEPRECATED_RESPONSE_503_ERROR_CODE_VALUES!r}"
    )
