from typing import Literal

RefundRefundStatus = Literal["completed", "failed", "processing"]

REFUND_REFUND_STATUS_VALUES: set[RefundRefundStatus] = {
    "completed",
    "failed",
    "processing",
}


def check_refund_refund_status(value: str) -> RefundRefundStatus:
    if value in REFUND_REFUND_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REFUND_REFUND_STATUS_VALUES!r}"
    )
