from typing import Literal

ContractClosedWebhookDataReason = Literal["cancelled", "expired"]

CONTRACT_CLOSED_WEBHOOK_DATA_REASON_VALUES: set[ContractClosedWebhookDataReason] = {
    "cancelled",
    "expired",
}


def check_contract_closed_webhook_data_reason(
    value: str,
) -> ContractClosedWebhookDataReason:
    if value in CONTRACT_CLOSED_WEBHOOK_DATA_REASON_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CONTRACT_CLOSED_WEBHOOK_DATA_REASON_VALUES!r}"
    )
