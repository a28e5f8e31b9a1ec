from typing import Literal

CheckBillingResponse401ErrorCode = Literal[
    "AUTH_INVALID_SIGNATURE", "AUTH_INVALID_TIMESTAMP"
]

CHECK_BILLING_RESPONSE_401_ERROR_CODE_VALUES: set[CheckBillingResponse401ErrorCode] = {
    "AUTH_INVALID_SIGNATURE",
    "AUTH_INVALID_TIMESTAMP",
}


def check_check_billing_response_401_error_code(
    value: str,
) -> CheckBillingResponse401ErrorCode:
    if value in CHECK_BILLING_RESPONSE_401_ERROR_CODE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CHECK_BILLING_RESPONSE_401_ERROR_CODE_VALUES!r}"
    )
