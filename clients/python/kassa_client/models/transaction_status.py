from typing import Literal

TransactionStatus = Literal["FAILED", "SUCCESS"]

TRANSACTION_STATUS_VALUES: set[TransactionStatus] = {
    "FAILED",
    "SUCCESS",
}


def check_transaction_status(value: str) -> TransactionStatus:
    if value in TRANSACTION_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {TRANSACTION_STATUS_VALUES!r}"
    )
