from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.create_invoice_request_application import (
        CreateInvoiceRequestApplication,
    )
    from ..models.create_invoice_request_contract import CreateInvoiceRequestContract
    from ..models.create_invoice_request_order import CreateInvoiceRequestOrder
    from ..models.create_invoice_request_product import CreateInvoiceRequestProduct
    from ..models.create_invoice_request_test_info import CreateInvoiceRequestTestInfo
    from ..models.customer_request import CustomerRequest


T = TypeVar("T", bound="CreateInvoiceRequest")


@_attrs_define
class CreateInvoiceRequest:
    """
    Example:
        {'client_ip': '203.0.113.7', 'customer': {'type': 'mobile_phone', 'msisdn': '79001234567'}, 'order':
            {'merchant_order_id': 'order-1', 'price': {'amount': '10.00', 'currency': 'RUB'}}}

    Attributes:
        customer (CustomerRequest):
        order (CreateInvoiceRequestOrder):
        client_ip (str | Unset): the caller IP; required unless the project says otherwise Example: 203.0.113.7.
        contract (CreateInvoiceRequestContract | Unset):
        application (CreateInvoiceRequestApplication | Unset):
        product (CreateInvoiceRequestProduct | Unset):
        payment_method (str | Unset): deprecated: no effect; removed in 3.0.0
        test_info (CreateInvoiceRequestTestInfo | Unset): test environment only; callback_url only for partners with the
            flag; test_clock_id attaches the invoice (and a contract it creates) to a test clock
    """

    customer: CustomerRequest
    order: CreateInvoiceRequestOrder
    client_ip: str | Unset = UNSET
    contract: CreateInvoiceRequestContract | Unset = UNSET
    application: CreateInvoiceRequestApplication | Unset = UNSET
    product: CreateInvoiceRequestProduct | Unset = UNSET
    payment_method: str | Unset = UNSET
    test_info: CreateInvoiceRequestTestInfo | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        customer = self.customer.to_dict()

        order = self.order.to_dict()

        client_ip: str | Unset
        if isinstance(self.client_ip, Unset):
            client_ip = UNSET
        else:
            client_ip = self.client_ip

        contract: dict[str, Any] | Unset = UNSET
        if not isinstance(self.contract, Unset):
            contract = self.contract.to_dict()

        application: dict[str, Any] | Unset = UNSET
        if not isinstance(self.application, Unset):
            application = self.application.to_dict()

        product: dict[str, Any] | Unset = UNSET
        if not isinstance(self.product, Unset):
            product = self.product.to_dict()

        payment_method = self.payment_method

        test_info: dict[str, Any] | Unset = UNSET
        if not isinstance(self.test_info, Unset):
            test_info = self.test_info.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "customer": customer,
                "order": order,
            }
        )
        if client_ip is not UNSET:
            field_dict["client_ip"] = client_ip
        if contract is not UNSET:
            field_dict["contract"] = contract
        if application is not UNSET:
            field_dict["application"] = application
        if product is not UNSET:
            field_dict["product"] = product
        if payment_method is not UNSET:
            field_dict["payment_method"] = payment_method
        if test_info is not UNSET:
            field_dict["test_info"] = test_info

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.create_invoice_request_application import (
            CreateInvoiceRequestApplication,
        )
        from ..models.create_invoice_request_contract import (
            CreateInvoiceRequestContract,
        )
        from ..models.create_invoice_request_order import CreateInvoiceRequestOrder
        from ..models.create_invoice_request_product import CreateInvoiceRequestProduct
        from ..models.create_invoice_request_test_info import (
            CreateInvoiceRequestTestInfo,
        )
        from ..models.customer_request import CustomerRequest

        d = dict(src_dict)
        customer = CustomerRequest.from_dict(d.pop("customer"))

        order = CreateInvoiceRequestOrder.from_dict(d.pop("order"))

        def _parse_client_ip(data: object) -> str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(str | Unset, data)

        client_ip = _parse_client_ip(d.pop("client_ip", UNSET))

        _contract = d.pop("contract", UNSET)
        contract: CreateInvoiceRequestContract | Unset
        if isinstance(_contract, Unset):
            contract = UNSET
        else:
            contract = CreateInvoiceRequestContract.from_dict(_contract)

        _application = d.pop("application", UNSET)
        application: CreateInvoiceRequestApplication | Unset
        if isinstance(_application, Unset):
            application = UNSET
        else:
            application = CreateInvoiceRequestApplication.from_dict(_application)

        _product = d.pop("product", UNSET)
        product: CreateInvoiceRequestProduct | Unset
        if isinstance(_product, Unset):
            product = UNSET
        else:
            product = CreateInvoiceRequestProduct.from_dict(_product)

        payment_method = d.pop("payment_method", UNSET)

        _test_info = d.pop("test_info", UNSET)
        test_info: CreateInvoiceRequestTestInfo | Unset
        if isinstance(_test_info, Unset):
            test_info = UNSET
        else:
            test_info = CreateInvoiceRequestTestInfo.from_dict(_test_info)

        create_invoice_request = cls(
            customer=customer,
            order=order,
            client_ip=client_ip,
            contract=contract,
            application=application,
            product=product,
            payment_method=payment_method,
            test_info=test_info,
        )

        create_invoice_request.additional_properties = d
        return create_invoice_request

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
