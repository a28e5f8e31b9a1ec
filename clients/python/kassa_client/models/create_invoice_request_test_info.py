from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.create_invoice_request_test_info_expected_billing_result import (
    CreateInvoiceRequestTestInfoExpectedBillingResult,
    check_create_invoice_request_test_info_expected_billing_result,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="CreateInvoiceRequestTestInfo")


@_attrs_define
class CreateInvoiceRequestTestInfo:
    """test environment only; callback_url only for partners with the flag; test_clock_id attaches the invoice (and a
    contract it creates) to a test clock

        Attributes:
            expected_billing_result (CreateInvoiceRequestTestInfoExpectedBillingResult | Unset):
            callback_url (str | Unset):
            test_clock_id (str | Unset): a test clock of the project (POST test_clocks)
    """

    expected_billing_result: (
        CreateInvoiceRequestTestInfoExpectedBillingResult | Unset
    ) = UNSET
    callback_url: str | Unset = UNSET
    test_clock_id: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        expected_billing_result: str | Unset = UNSET
        if not isinstance(self.expected_billing_result, Unset):
            expected_billing_result = self.expected_billing_result

        callback_url = self.callback_url

        test_clock_id = self.test_clock_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if expected_billing_result is not UNSET:
            field_dict["expected_billing_result"] = expected_billing_result
        if callback_url is not UNSET:
            field_dict["callback_url"] = callback_url
        if test_clock_id is not UNSET:
            field_dict["test_clock_id"] = test_clock_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        _expected_billing_result = d.pop("expected_billing_result", UNSET)
        expected_billing_result: (
            CreateInvoiceRequestTestInfoExpectedBillingResult | Unset
        )
        if isinstance(_expected_billing_result, Unset):
            expected_billing_result = UNSET
        else:
            expected_billing_result = (
                check_create_invoice_request_test_info_expected_billing_result(
                    _expected_billing_result
                )
            )

        callback_url = d.pop("callback_url", UNSET)

        test_clock_id = d.pop("test_clock_id", UNSET)

        create_invoice_request_test_info = cls(
            expected_billing_result=expected_billing_result,
            callback_url=callback_url,
            test_clock_id=test_clock_id,
        )

        create_invoice_request_test_info.additional_properties = d
        return create_invoice_request_test_info

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
