from typing import Literal

CheckBillingResponse409ErrorCode = Literal["IDEMPOTENCY_KEY_IN_USE"]

CHECK_BILLING_RESPONSE_409_ERROR_CODE_VALUES: set[CheckBillingResponse409ErrorCode] = {
    "IDEMPOTENCY_KEY_IN_USE",
}


def check_check_billing_response_409_error_code(
    value: str,
) -> CheckBillingResponse409ErrorCode:
    if value in CHECK_BILLING_RESPONSE_409_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CHECK_BILLING_RESPONSE_409_ERROR_CODE_VALUES!r}"
    )
