from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.contract_authorized_webhook_data_contract import (
        ContractAuthorizedWebhookDataContract,
    )
    from ..models.webhook_customer import WebhookCustomer


T = TypeVar("T", bound="ContractAuthorizedWebhookData")


@_attrs_define
class ContractAuthorizedWebhookData:
    """
    Attributes:
        customer (WebhookCustomer): The customer; never card data.
        contract (ContractAuthorizedWebhookDataContract):
    """

    customer: WebhookCustomer
    contract: ContractAuthorizedWebhookDataContract

    def to_dict(self) -> dict[str, Any]:
        customer = self.customer.to_dict()

        contract = self.contract.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "customer": customer,
                "contract": contract,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.contract_authorized_webhook_data_contract import (
            ContractAuthorizedWebhookDataContract,
        )
        from ..models.webhook_customer import WebhookCustomer

        d = dict(src_dict)
        customer = WebhookCustomer.from_dict(d.pop("customer"))

        contract = ContractAuthorizedWebhookDataContract.from_dict(d.pop("contract"))

        contract_authorized_webhook_data = cls(
            customer=customer,
            contract=contract,
        )

        return contract_authorized_webhook_data
