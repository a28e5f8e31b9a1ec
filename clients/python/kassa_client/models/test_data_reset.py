from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="TestDataReset")


@_attrs_define
class TestDataReset:
    """
    Attributes:
        contracts (int):
        invoices (int):
        subscriptions (int):
        events (int):
        deliveries (int):
        test_clocks (int):
        webhook_endpoints (int):
    """

    contracts: int
    invoices: int
    subscriptions: int
    events: int
    deliveries: int
    test_clocks: int
    webhook_endpoints: int

    def to_dict(self) -> dict[str, Any]:
        contracts = self.contracts

        invoices = self.invoices

        subscriptions = self.subscriptions

        events = self.events

        deliveries = self.deliveries

        test_clocks = self.test_clocks

        webhook_endpoints = self.webhook_endpoints

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "contracts": contracts,
                "invoices": invoices,
                "subscriptions": subscriptions,
                "events": events,
                "deliveries": deliveries,
                "test_clocks": test_clocks,
                "webhook_endpoints": webhook_endpoints,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        contracts = d.pop("contracts")

        invoices = d.pop("invoices")

        subscriptions = d.pop("subscriptions")

        events = d.pop("events")

        deliveries = d.pop("deliveries")

        test_clocks = d.pop("test_clocks")

        webhook_endpoints = d.pop("webhook_endpoints")

        test_data_reset = cls(
            contracts=contracts,
            invoices=invoices,
            subscriptions=subscriptions,
            events=events,
            deliveries=deliveries,
            test_clocks=test_clocks,
            webhook_endpoints=webhook_endpoints,
        )

        return test_data_reset
