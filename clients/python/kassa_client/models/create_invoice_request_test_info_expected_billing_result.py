from typing import Literal

CreateInvoiceRequestTestInfoExpectedBillingResult = Literal[
    "FailedSequencePayment", "SuccessSequencePayment"
]

CREATE_INVOICE_REQUEST_TEST_INFO_EXPECTED_BILLING_RESULT_VALUES: set[
    CreateInvoiceRequestTestInfoExpectedBillingResult
] = {
    "FailedSequencePayment",
    "SuccessSequencePayment",
}


def check_create_invoice_request_test_info_expected_billing_result(
    value: str,
) -> CreateInvoiceRequestTestInfoExpectedBillingResult:
    if value in CREATE_INVOICE_REQUEST_TEST_INFO_EXPECTED_BILLING_RESULT_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CREATE_INVOICE_REQUEST_TEST_INFO_EXPECTED_BILLING_RESULT_VALUES!r}"
    )
