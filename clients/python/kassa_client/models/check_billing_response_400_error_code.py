from typing import Literal

CheckBillingResponse400ErrorCode = Literal["BAD_REQUEST"]

CHECK_BILLING_RESPONSE_400_ERROR_CODE_VALUES: set[CheckBillingResponse400ErrorCode] = {
    "BAD_REQUEST",
}


def check_check_billing_response_400_error_code(
    value: str,
) -> CheckBillingResponse400ErrorCode:
    if value in CHECK_BILLING_RESPONSE_400_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CHECK_BILLING_RESPONSE_400_ERROR_CODE_VALUES!r}"
    )
