from typing import Literal

CheckBillingResponse503ErrorCode = Literal["SERVICE_UNAVAILABLE"]

CHECK_BILLING_RESPONSE_503_ERROR_CODE_VALUES: set[CheckBillingResponse503ErrorCode] = {
    "SERVICE_UNAVAILABLE",
}


def check_check_billing_response_503_error_code(
    value: str,
) -> CheckBillingResponse503ErrorCode:
    if value in CHECK_BILLING_RESPONSE_503_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CHECK_BILLING_RESPONSE_503_ERROR_CODE_VALUES!r}"
    )
