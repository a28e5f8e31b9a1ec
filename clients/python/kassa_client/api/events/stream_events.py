from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.stream_events_response_400 import StreamEventsResponse400
from ...models.stream_events_response_401 import StreamEventsResponse401
from ...models.stream_events_response_403 import StreamEventsResponse403
from ...models.stream_events_response_429 import StreamEventsResponse429
from ...models.stream_events_response_503 import StreamEventsResponse503
from ...types import UNSET, Response, Unset


def _get_kwargs(
    project_id: int,
    *,
    types: str | Unset = UNSET,
    since: str | Unset = UNSET,
    last_event_id: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(last_event_id, Unset):
        headers["Last-Event-ID"] = last_event_id

    params: dict[str, Any] = {}

    params["types"] = types

    params["since"] = since

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v3/projects/{project_id}/events/stream".format(
            project_id=quote(str(project_id), safe=""),
        ),
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    StreamEventsResponse400
    | StreamEventsResponse401
    | StreamEventsResponse403
    | StreamEventsResponse429
    | StreamEventsResponse503
    | str
    | None
):
    if response.status_code == 200:
        response_200 = response.text
        return response_200

    if response.status_code == 400:
        response_400 = StreamEventsResponse400.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = StreamEventsResponse401.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = StreamEventsResponse403.from_dict(response.json())

        return response_403

    if response.status_code == 429:
        response_429 = StreamEventsResponse429.from_dict(response.json())

        return response_429

    if response.status_code == 503:
        response_503 = StreamEventsResponse503.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[
    StreamEventsResponse400
    | StreamEventsResponse401
    | StreamEventsResponse403
    | StreamEventsResponse429
    | StreamEventsResponse503
    | str
]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    project_id: int,
    *,
    client: AuthenticatedClient | Client,
    types: str | Unset = UNSET,
    since: str | Unset = UNSET,
    last_event_id: str | Unset = UNSET,
) -> Response[
    StreamEventsResponse400
    | StreamEventsResponse401
    | StreamEventsResponse403
    | StreamEventsResponse429
    | StreamEventsResponse503
    | str
]:
    """The project's events as they enter the event log, and each redelivery of one, as Server-Sent Events
    (what `kassa listen` forwards), in the feed's order: `event: ready` first (data {since}: the place
    the stream starts after; send it back as `since` when reconnecting), then one `event: event` per
    entry, its `id:` the entry's place; a comment every 15 s. since: an ISO time, an event's id (the
    entries after it), or a place. Reconnect with Last-Event-ID to resume after the last entry received.
    The partner and project are checked again every 5 s (a changed password, an inactive project:
    `event: error` {code, message}, then the end); a stream lives 10 minutes at most (`event:
    reconnect`, then the end: connect again, signed anew). At most 5 event streams and 5 request streams
    of a project at once per API process (429 with Retry-After beyond), 50 of a partner's projects
    together (by default; 429 with Retry-After), and 200 streams per process (503 with Retry-After)

     Signed payload (version 4): types, since.

    Args:
        project_id (int):
        types (str | Unset):
        since (str | Unset):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[StreamEventsResponse400 | StreamEventsResponse401 | StreamEventsResponse403 | StreamEventsResponse429 | StreamEventsResponse503 | str]
    """

    kwargs = _get_kwargs(
        project_id=project_id,
        types=types,
        since=since,
        last_event_id=last_event_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    project_id: int,
    *,
    client: AuthenticatedClient | Client,
    types: str | Unset = UNSET,
    since: str | Unset = UNSET,
    last_event_id: str | Unset = UNSET,
) -> (
    StreamEventsResponse400
    | StreamEventsResponse401
    | StreamEventsResponse403
    | StreamEventsResponse429
    | StreamEventsResponse503
    | str
    | None
):
    """The project's events as they enter the event log, and each redelivery of one, as Server-Sent Events
    (what `kassa listen` forwards), in the feed's order: `event: ready` first (data {since}: the place
    the stream starts after; send it back as `since` when reconnecting), then one `event: event` per
    entry, its `id:` the entry's place; a comment every 15 s. since: an ISO time, an event's id (the
    entries after it), or a place. Reconnect with Last-Event-ID to resume after the last entry received.
    The partner and project are checked again every 5 s (a changed password, an inactive project:
    `event: error` {code, message}, then the end); a stream lives 10 minutes at most (`event:
    reconnect`, then the end: connect again, signed anew). At most 5 event streams and 5 request streams
    of a project at once per API process (429 with Retry-After beyond), 50 of a partner's projects
    together (by default; 429 with Retry-After), and 200 streams per process (503 with Retry-After)

     Signed payload (version 4): types, since.

    Args:
        project_id (int):
        types (str | Unset):
        since (str | Unset):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        StreamEventsResponse400 | StreamEventsResponse401 | StreamEventsResponse403 | StreamEventsResponse429 | StreamEventsResponse503 | str
    """

    return sync_detailed(
        project_id=project_id,
        client=client,
        types=types,
        since=since,
        last_event_id=last_event_id,
    ).parsed


async def asyncio_detailed(
    project_id: int,
    *,
    client: AuthenticatedClient | Client,
    types: str | Unset = UNSET,
    since: str | Unset = UNSET,
    last_event_id: str | Unset = UNSET,
) -> Response[
    StreamEventsResponse400
    | StreamEventsResponse401
    | StreamEventsResponse403
    | StreamEventsResponse429
    | StreamEventsResponse503
    | str
]:
    """The project's events as they enter the event log, and each redelivery of one, as Server-Sent Events
    (what `kassa listen` forwards), in the feed's order: `event: ready` first (data {since}: the place
    the stream starts after; send it back as `since` when reconnecting), then one `event: event` per
    entry, its `id:` the entry's place; a comment every 15 s. since: an ISO time, an event's id (the
    entries after it), or a place. Reconnect with Last-Event-ID to resume after the last entry received.
    The partner and project are checked again every 5 s (a changed password, an inactive project:
    `event: error` {code, message}, then the end); a stream lives 10 minutes at most (`event:
    reconnect`, then the end: connect again, signed anew). At most 5 event streams and 5 request streams
    of a project at once per API process (429 with Retry-After beyond), 50 of a partner's projects
    together (by default; 429 with Retry-After), and 200 streams per process (503 with Retry-After)

     Signed payload (version 4): types, since.

    Args:
        project_id (int):
        types (str | Unset):
        since (str | Unset):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[StreamEventsResponse400 | StreamEventsResponse401 | StreamEventsResponse403 | StreamEventsResponse429 | StreamEventsResponse503 | str]
    """

    kwargs = _get_kwargs(
        project_id=project_id,
        types=types,
        since=since,
        last_event_id=last_event_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    project_id: int,
    *,
    client: AuthenticatedClient | Client,
    types: str | Unset = UNSET,
    since: str | Unset = UNSET,
    last_event_id: str | Unset = UNSET,
) -> (
    StreamEventsResponse400
    | StreamEventsResponse401
    | StreamEventsResponse403
    | StreamEventsResponse429
    | StreamEventsResponse503
    | str
    | None
):
    """The project's events as they enter the event log, and each redelivery of one, as Server-Sent Events
    (what `kassa listen` forwards), in the feed's order: `event: ready` first (data {since}: the place
    the stream starts after; send it back as `since` when reconnecting), then one `event: event` per
    entry, its `id:` the entry's place; a comment every 15 s. since: an ISO time, an event's id (the
    entries after it), or a place. Reconnect with Last-Event-ID to resume after the last entry received.
    The partner and project are checked again every 5 s (a changed password, an inactive project:
    `event: error` {code, message}, then the end); a stream lives 10 minutes at most (`event:
    reconnect`, then the end: connect again, signed anew). At most 5 event streams and 5 request streams
    of a project at once per API process (429 with Retry-After beyond), 50 of a partner's projects
    together (by default; 429 with Retry-After), and 200 streams per process (503 with Retry-After)

     Signed payload (version 4): types, since.

    Args:
        project_id (int):
        types (str | Unset):
        since (str | Unset):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        StreamEventsResponse400 | StreamEventsResponse401 | StreamEventsResponse403 | StreamEventsResponse429 | StreamEventsResponse503 | str
    """

    return (
        await asyncio_detailed(
            project_id=project_id,
            client=client,
            types=types,
            since=since,
            last_event_id=last_event_id,
        )
    ).parsed
