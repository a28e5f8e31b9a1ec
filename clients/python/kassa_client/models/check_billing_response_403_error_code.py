from typing import Literal

CheckBillingResponse403ErrorCode = Literal["AUTH_INVALID_PROJECT"]

CHECK_BILLING_RESPONSE_403_ERROR_CODE_VALUES: set[CheckBillingResponse403ErrorCode] = {
    "AUTH_INVALID_PROJECT",
}


def check_check_billing_response_403_error_code(
    value: str,
) -> CheckBillingResponse403ErrorCode:
    if value in CHECK_BILLING_RESPONSE_403_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CHECK_BILLING_RESPONSE_403_ERROR_CODE_VALUES!r}"
    )
