from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="RequestStreamEntry")


@_attrs_define
class RequestStreamEntry:
    """The JSON of each `data:` line of GET requests/stream (SSE event `request`): one signed call of the project, as the
    requests page shows it

        Attributes:
            id (str):
            at (str):
            method (str):
            route (str): The route template, never the path as sent
            status (int):
            request_id (str):
            ms (int):
            idempotency_key (str | Unset):
            request (str | Unset): The request body, masked as the logs are (no card data, PIN, secret or token), cut short
            response (str | Unset): The response body, masked and cut short alike
    """

    id: str
    at: str
    method: str
    route: str
    status: int
    request_id: str
    ms: int
    idempotency_key: str | Unset = UNSET
    request: str | Unset = UNSET
    response: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        at = self.at

        method = self.method

        route = self.route

        status = self.status

        request_id = self.request_id

        ms = self.ms

        idempotency_key = self.idempotency_key

        request = self.request

        response = self.response

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "at": at,
                "method": method,
                "route": route,
                "status": status,
                "request_id": request_id,
                "ms": ms,
            }
        )
        if idempotency_key is not UNSET:
            field_dict["idempotency_key"] = idempotency_key
        if request is not UNSET:
            field_dict["request"] = request
        if response is not UNSET:
            field_dict["response"] = response

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        at = d.pop("at")

        method = d.pop("method")

        route = d.pop("route")

        status = d.pop("status")

        request_id = d.pop("request_id")

        ms = d.pop("ms")

        idempotency_key = d.pop("idempotency_key", UNSET)

        request = d.pop("request", UNSET)

        response = d.pop("response", UNSET)

        request_stream_entry = cls(
            id=id,
            at=at,
            method=method,
            route=route,
            status=status,
            request_id=request_id,
            ms=ms,
            idempotency_key=idempotency_key,
            request=request,
            response=response,
        )

        return request_stream_entry
