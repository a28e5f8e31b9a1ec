from typing import Literal

CheckBillingResponse422ErrorCode = Literal["IDEMPOTENCY_KEY_MISMATCH"]

CHECK_BILLING_RESPONSE_422_ERROR_CODE_VALUES: set[CheckBillingResponse422ErrorCode] = {
    "IDEMPOTENCY_KEY_MISMATCH",
}


def check_check_billing_response_422_error_code(
    value: str,
) -> CheckBillingResponse422ErrorCode:
    if value in CHECK_BILLING_RESPONSE_422_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CHECK_BILLING_RESPONSE_422_ERROR_CODE_VALUES!r}"
    )
