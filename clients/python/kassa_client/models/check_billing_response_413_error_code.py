from typing import Literal

CheckBillingResponse413ErrorCode = Literal["BAD_REQUEST"]

CHECK_BILLING_RESPONSE_413_ERROR_CODE_VALUES: set[CheckBillingResponse413ErrorCode] = {
    "BAD_REQUEST",
}


def check_check_billing_response_413_error_code(
    value: str,
) -> CheckBillingResponse413ErrorCode:
    if value in CHECK_BILLING_RESPONSE_413_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CHECK_BILLING_RESPONSE_413_ERROR_CODE_VALUES!r}"
    )
