from __future__ import annotations

from collections.abc import Mapping
from typing import (
    Any,
    Literal,
    Self,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define

T = TypeVar("T", bound="TestClockReadyWebhookDataTestClock")


@_attrs_define
class TestClockReadyWebhookDataTestClock:
    """
    Attributes:
        test_clock_id (str):
        name (None | str):
        frozen_time (str): ISO 8601 UTC, YYYY-MM-DDThh:mm:ssZ Example: 2026-11-22T10:00:00Z.
        status (Literal['ready']):
    """

    test_clock_id: str
    name: None | str
    frozen_time: str
    status: Literal["ready"]

    def to_dict(self) -> dict[str, Any]:
        test_clock_id = self.test_clock_id

        name: None | str
        name = self.name

        frozen_time = self.frozen_time

        status = self.status

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "test_clock_id": test_clock_id,
                "name": name,
                "frozen_time": frozen_time,
                "status": status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        test_clock_id = d.pop("test_clock_id")

        def _parse_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        name = _parse_name(d.pop("name"))

        frozen_time = d.pop("frozen_time")

        status = cast(Literal["ready"], d.pop("status"))
        if status != "ready":
            raise ValueError(f"status must match const 'ready', got '{status}'")

        test_clock_ready_webhook_data_test_clock = cls(
            test_clock_id=test_clock_id,
            name=name,
            frozen_time=frozen_time,
            status=status,
        )

        return test_clock_ready_webhook_data_test_clock
