from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.test_clock_status import TestClockStatus, check_test_clock_status

T = TypeVar("T", bound="TestClock")


@_attrs_define
class TestClock:
    """
    Attributes:
        test_clock_id (UUID):
        name (None | str):
        frozen_time (str): the attached objects' time; while advancing, the due time of the work being run
        status (TestClockStatus):
        advancing_to (None | str): where the running advance ends; null when ready
        created_at (str):
    """

    test_clock_id: UUID
    name: None | str
    frozen_time: str
    status: TestClockStatus
    advancing_to: None | str
    created_at: str

    def to_dict(self) -> dict[str, Any]:
        test_clock_id = str(self.test_clock_id)

        name: None | str
        name = self.name

        frozen_time = self.frozen_time

        status: str = self.status

        advancing_to: None | str
        advancing_to = self.advancing_to

        created_at = self.created_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "test_clock_id": test_clock_id,
                "name": name,
                "frozen_time": frozen_time,
                "status": status,
                "advancing_to": advancing_to,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        test_clock_id = UUID(d.pop("test_clock_id"))

        def _parse_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        name = _parse_name(d.pop("name"))

        frozen_time = d.pop("frozen_time")

        status = check_test_clock_status(d.pop("status"))

        def _parse_advancing_to(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        advancing_to = _parse_advancing_to(d.pop("advancing_to"))

        created_at = d.pop("created_at")

        test_clock = cls(
            test_clock_id=test_clock_id,
            name=name,
            frozen_time=frozen_time,
            status=status,
            advancing_to=advancing_to,
            created_at=created_at,
        )

        return test_clock
