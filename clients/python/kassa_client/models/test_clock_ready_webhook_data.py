from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.test_clock_ready_webhook_data_test_clock import (
        TestClockReadyWebhookDataTestClock,
    )


T = TypeVar("T", bound="TestClockReadyWebhookData")


@_attrs_define
class TestClockReadyWebhookData:
    """
    Attributes:
        test_clock (TestClockReadyWebhookDataTestClock):
    """

    test_clock: TestClockReadyWebhookDataTestClock

    def to_dict(self) -> dict[str, Any]:
        test_clock = self.test_clock.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "test_clock": test_clock,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.test_clock_ready_webhook_data_test_clock import (
            TestClockReadyWebhookDataTestClock,
        )

        d = dict(src_dict)
        test_clock = TestClockReadyWebhookDataTestClock.from_dict(d.pop("test_clock"))

        test_clock_ready_webhook_data = cls(
            test_clock=test_clock,
        )

        return test_clock_ready_webhook_data
