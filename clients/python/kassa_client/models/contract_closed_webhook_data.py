from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.contract_closed_webhook_data_reason import (
    ContractClosedWebhookDataReason,
    check_contract_closed_webhook_data_reason,
)

if TYPE_CHECKING:
    from ..models.contract_closed_webhook_data_contract import (
        ContractClosedWebhookDataContract,
    )
    from ..models.webhook_customer import WebhookCustomer


T = TypeVar("T", bound="ContractClosedWebhookData")


@_attrs_define
class ContractClosedWebhookData:
    """
    Attributes:
        customer (WebhookCustomer): The customer; never card data.
        contract (ContractClosedWebhookDataContract):
        reason (ContractClosedWebhookDataReason):
    """

    customer: WebhookCustomer
    contract: ContractClosedWebhookDataContract
    reason: ContractClosedWebhookDataReason

    def to_dict(self) -> dict[str, Any]:
        customer = self.customer.to_dict()

        contract = self.contract.to_dict()

        reason: str = self.reason

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "customer": customer,
                "contract": contract,
                "reason": reason,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.contract_closed_webhook_data_contract import (
            ContractClosedWebhookDataContract,
        )
        from ..models.webhook_customer import WebhookCustomer

        d = dict(src_dict)
        customer = WebhookCustomer.from_dict(d.pop("customer"))

        contract = ContractClosedWebhookDataContract.from_dict(d.pop("contract"))

        reason = check_contract_closed_webhook_data_reason(d.pop("reason"))

        contract_closed_webhook_data = cls(
            customer=customer,
            contract=contract,
            reason=reason,
        )

        return contract_closed_webhook_data
