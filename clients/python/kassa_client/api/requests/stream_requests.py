from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.stream_requests_response_400 import StreamRequestsResponse400
from ...models.stream_requests_response_401 import StreamRequestsResponse401
from ...models.stream_requests_response_403 import StreamRequestsResponse403
from ...models.stream_requests_response_429 import StreamRequestsResponse429
from ...models.stream_requests_response_503 import StreamRequestsResponse503
from ...types import UNSET, Response, Unset


def _get_kwargs(
    project_id: int,
    *,
    status: str | Unset = UNSET,
    path: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["status"] = status

    params["path"] = path

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v3/projects/{project_id}/requests/stream".format(
            project_id=quote(str(project_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    StreamRequestsResponse400
    | StreamRequestsResponse401
    | StreamRequestsResponse403
    | StreamRequestsResponse429
    | StreamRequestsResponse503
    | str
    | None
):
    if response.status_code == 200:
        response_200 = response.text
        return response_200

    if response.status_code == 400:
        response_400 = StreamRequestsResponse400.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = StreamRequestsResponse401.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = StreamRequestsResponse403.from_dict(response.json())

        return response_403

    if response.status_code == 429:
        response_429 = StreamRequestsResponse429.from_dict(response.json())

        return response_429

    if response.status_code == 503:
        response_503 = StreamRequestsResponse503.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[
    StreamRequestsResponse400
    | StreamRequestsResponse401
    | StreamRequestsResponse403
    | StreamRequestsResponse429
    | StreamRequestsResponse503
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
    status: str | Unset = UNSET,
    path: str | Unset = UNSET,
) -> Response[
    StreamRequestsResponse400
    | StreamRequestsResponse401
    | StreamRequestsResponse403
    | StreamRequestsResponse429
    | StreamRequestsResponse503
    | str
]:
    """The project's signed API calls as they are stored (within about a second of their answer), as
    Server-Sent Events (what `kassa logs tail` prints): one `event: request` each, the bodies masked as
    on the dashboard's requests page; a comment every 15 s. status: 4xx, 5xx or a code; path: a route
    prefix. Not resumable: Last-Event-ID is ignored. Checked again and ended as the events stream is
    (`event: error`, `event: reconnect`)

     Signed payload (version 4): status, path.

    Args:
        project_id (int):
        status (str | Unset):
        path (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[StreamRequestsResponse400 | StreamRequestsResponse401 | StreamRequestsResponse403 | StreamRequestsResponse429 | StreamRequestsResponse503 | str]
    """

    kwargs = _get_kwargs(
        project_id=project_id,
        status=status,
        path=path,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    project_id: int,
    *,
    client: AuthenticatedClient | Client,
    status: str | Unset = UNSET,
    path: str | Unset = UNSET,
) -> (
    StreamRequestsResponse400
    | StreamRequestsResponse401
    | StreamRequestsResponse403
    | StreamRequestsResponse429
    | StreamRequestsResponse503
    | str
    | None
):
    """The project's signed API calls as they are stored (within about a second of their answer), as
    Server-Sent Events (what `kassa logs tail` prints): one `event: request` each, the bodies masked as
    on the dashboard's requests page; a comment every 15 s. status: 4xx, 5xx or a code; path: a route
    prefix. Not resumable: Last-Event-ID is ignored. Checked again and ended as the events stream is
    (`event: error`, `event: reconnect`)

     Signed payload (version 4): status, path.

    Args:
        project_id (int):
        status (str | Unset):
        path (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        StreamRequestsResponse400 | StreamRequestsResponse401 | StreamRequestsResponse403 | StreamRequestsResponse429 | StreamRequestsResponse503 | str
    """

    return sync_detailed(
        project_id=project_id,
        client=client,
        status=status,
        path=path,
    ).parsed


async def asyncio_detailed(
    project_id: int,
    *,
    client: AuthenticatedClient | Client,
    status: str | Unset = UNSET,
    path: str | Unset = UNSET,
) -> Response[
    StreamRequestsResponse400
    | StreamRequestsResponse401
    | StreamRequestsResponse403
    | StreamRequestsResponse429
    | StreamRequestsResponse503
    | str
]:
    """The project's signed API calls as they are stored (within about a second of their answer), as
    Server-Sent Events (what `kassa logs tail` prints): one `event: request` each, the bodies masked as
    on the dashboard's requests page; a comment every 15 s. status: 4xx, 5xx or a code; path: a route
    prefix. Not resumable: Last-Event-ID is ignored. Checked again and ended as the events stream is
    (`event: error`, `event: reconnect`)

     Signed payload (version 4): status, path.

    Args:
        project_id (int):
        status (str | Unset):
        path (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[StreamRequestsResponse400 | StreamRequestsResponse401 | StreamRequestsResponse403 | StreamRequestsResponse429 | StreamRequestsResponse503 | str]
    """

    kwargs = _get_kwargs(
        project_id=project_id,
        status=status,
        path=path,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    project_id: int,
    *,
    client: AuthenticatedClient | Client,
    status: str | Unset = UNSET,
    path: str | Unset = UNSET,
) -> (
    StreamRequestsResponse400
    | StreamRequestsResponse401
    | StreamRequestsResponse403
    | StreamRequestsResponse429
    | StreamRequestsResponse503
    | str
    | None
):
    """The project's signed API calls as they are stored (within about a second of their answer), as
    Server-Sent Events (what `kassa logs tail` prints): one `event: request` each, the bodies masked as
    on the dashboard's requests page; a comment every 15 s. status: 4xx, 5xx or a code; path: a route
    prefix. Not resumable: Last-Event-ID is ignored. Checked again and ended as the events stream is
    (`event: error`, `event: reconnect`)

     Signed payload (version 4): status, path.

    Args:
        project_id (int):
        status (str | Unset):
        path (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        StreamRequestsResponse400 | StreamRequestsResponse401 | StreamRequestsResponse403 | StreamRequestsResponse429 | StreamRequestsResponse503 | str
    """

    return (
        await asyncio_detailed(
            project_id=project_id,
            client=client,
            status=status,
            path=path,
        )
    ).parsed
