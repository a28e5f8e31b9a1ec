from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.list_events_response_200 import ListEventsResponse200
from ...models.list_events_response_400 import ListEventsResponse400
from ...models.list_events_response_401 import ListEventsResponse401
from ...models.list_events_response_403 import ListEventsResponse403
from ...models.list_events_response_503 import ListEventsResponse503
from ...models.list_events_type import ListEventsType
from ...types import UNSET, Response, Unset


def _get_kwargs(
    project_id: int,
    *,
    type_: ListEventsType | Unset = UNSET,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    after: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_type_: str | Unset = UNSET
    if not isinstance(type_, Unset):
        json_type_ = type_

    params["type"] = json_type_

    params["limit"] = limit

    params["cursor"] = cursor

    params["after"] = after

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v3/projects/{project_id}/events".format(
            project_id=quote(str(project_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    ListEventsResponse200
    | ListEventsResponse400
    | ListEventsResponse401
    | ListEventsResponse403
    | ListEventsResponse503
    | None
):
    if response.status_code == 200:
        response_200 = ListEventsResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ListEventsResponse400.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = ListEventsResponse401.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = ListEventsResponse403.from_dict(response.json())

        return response_403

    if response.status_code == 503:
        response_503 = ListEventsResponse503.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[
    ListEventsResponse200
    | ListEventsResponse400
    | ListEventsResponse401
    | ListEventsResponse403
    | ListEventsResponse503
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
    type_: ListEventsType | Unset = UNSET,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    after: str | Unset = UNSET,
) -> Response[
    ListEventsResponse200
    | ListEventsResponse400
    | ListEventsResponse401
    | ListEventsResponse403
    | ListEventsResponse503
]:
    """The project's events, newest first, a page at a time

     Signed payload (version 4): type, after, limit, cursor.

    Args:
        project_id (int):
        type_ (ListEventsType | Unset):
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        after (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListEventsResponse200 | ListEventsResponse400 | ListEventsResponse401 | ListEventsResponse403 | ListEventsResponse503]
    """

    kwargs = _get_kwargs(
        project_id=project_id,
        type_=type_,
        limit=limit,
        cursor=cursor,
        after=after,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    project_id: int,
    *,
    client: AuthenticatedClient | Client,
    type_: ListEventsType | Unset = UNSET,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    after: str | Unset = UNSET,
) -> (
    ListEventsResponse200
    | ListEventsResponse400
    | ListEventsResponse401
    | ListEventsResponse403
    | ListEventsResponse503
    | None
):
    """The project's events, newest first, a page at a time

     Signed payload (version 4): type, after, limit, cursor.

    Args:
        project_id (int):
        type_ (ListEventsType | Unset):
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        after (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListEventsResponse200 | ListEventsResponse400 | ListEventsResponse401 | ListEventsResponse403 | ListEventsResponse503
    """

    return sync_detailed(
        project_id=project_id,
        client=client,
        type_=type_,
        limit=limit,
        cursor=cursor,
        after=after,
    ).parsed


async def asyncio_detailed(
    project_id: int,
    *,
    client: AuthenticatedClient | Client,
    type_: ListEventsType | Unset = UNSET,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    after: str | Unset = UNSET,
) -> Response[
    ListEventsResponse200
    | ListEventsResponse400
    | ListEventsResponse401
    | ListEventsResponse403
    | ListEventsResponse503
]:
    """The project's events, newest first, a page at a time

     Signed payload (version 4): type, after, limit, cursor.

    Args:
        project_id (int):
        type_ (ListEventsType | Unset):
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        after (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListEventsResponse200 | ListEventsResponse400 | ListEventsResponse401 | ListEventsResponse403 | ListEventsResponse503]
    """

    kwargs = _get_kwargs(
        project_id=project_id,
        type_=type_,
        limit=limit,
        cursor=cursor,
        after=after,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    project_id: int,
    *,
    client: AuthenticatedClient | Client,
    type_: ListEventsType | Unset = UNSET,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    after: str | Unset = UNSET,
) -> (
    ListEventsResponse200
    | ListEventsResponse400
    | ListEventsResponse401
    | ListEventsResponse403
    | ListEventsResponse503
    | None
):
    """The project's events, newest first, a page at a time

     Signed payload (version 4): type, after, limit, cursor.

    Args:
        project_id (int):
        type_ (ListEventsType | Unset):
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        after (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListEventsResponse200 | ListEventsResponse400 | ListEventsResponse401 | ListEventsResponse403 | ListEventsResponse503
    """

    return (
        await asyncio_detailed(
            project_id=project_id,
            client=client,
            type_=type_,
            limit=limit,
            cursor=cursor,
            after=after,
        )
    ).parsed
