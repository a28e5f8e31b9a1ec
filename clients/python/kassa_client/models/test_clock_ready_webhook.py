from __future__ import annotations

from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    Literal,
    Self,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.test_clock_ready_webhook_data import TestClockReadyWebhookData


T = TypeVar("T", bound="TestClockReadyWebhook")


@_attrs_define
class TestClockReadyWebhook:
    """The test environment only: a test clock finished an advance; everything due up to frozen_time has run.

    Attributes:
        type_ (Literal['test_clock.ready']):
        data (TestClockReadyWebhookData):
    """

    type_: Literal["test_clock.ready"]
    data: TestClockReadyWebhookData

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        data = self.data.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "data": data,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.test_clock_ready_webhook_data import TestClockReadyWebhookData

        d = dict(src_dict)
        type_ = cast(Literal["test_clock.ready"], d.pop("type"))
        if type_ != "test_clock.ready":
            raise ValueError(f"type must match const 'test_clock.ready', got '{type_}'")

        data = TestClockReadyWebhookData.from_dict(d.pop("data"))

        test_clock_ready_webhook = cls(
            type_=type_,
            data=data,
        )

        return test_clock_ready_webhook
