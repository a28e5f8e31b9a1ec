from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.list_test_clocks_response_200 import ListTestClocksResponse200
from ...models.list_test_clocks_response_400 import ListTestClocksResponse400
from ...models.list_test_clocks_response_401 import ListTestClocksResponse401
from ...models.list_test_clocks_response_403 import ListTestClocksResponse403
from ...models.list_test_clocks_response_404 import ListTestClocksResponse404
from ...models.list_test_clocks_response_503 import ListTestClocksResponse503
from ...types import UNSET, Response, Unset


def _get_kwargs(
    project_id: int,
    *,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["limit"] = limit

    params["cursor"] = cursor

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v3/projects/{project_id}/test_clocks".format(
            project_id=quote(str(project_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    ListTestClocksResponse200
    | ListTestClocksResponse400
    | ListTestClocksResponse401
    | ListTestClocksResponse403
    | ListTestClocksResponse404
    | ListTestClocksResponse503
    | None
):
    if response.status_code == 200:
        response_200 = ListTestClocksResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ListTestClocksResponse400.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = ListTestClocksResponse401.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = ListTestClocksResponse403.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = ListTestClocksResponse404.from_dict(response.json())

        return response_404

    if response.status_code == 503:
        response_503 = ListTestClocksResponse503.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[
    ListTestClocksResponse200
    | ListTestClocksResponse400
    | ListTestClocksResponse401
    | ListTestClocksResponse403
    | ListTestClocksResponse404
    | ListTestClocksResponse503
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
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
) -> Response[
    ListTestClocksResponse200
    | ListTestClocksResponse400
    | ListTestClocksResponse401
    | ListTestClocksResponse403
    | ListTestClocksResponse404
    | ListTestClocksResponse503
]:
    """The test environment only: the project's test clocks, newest first

     Signed payload (version 4): limit, cursor.

    Args:
        project_id (int):
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListTestClocksResponse200 | ListTestClocksResponse400 | ListTestClocksResponse401 | ListTestClocksResponse403 | ListTestClocksResponse404 | ListTestClocksResponse503]
    """

    kwargs = _get_kwargs(
        project_id=project_id,
        limit=limit,
        cursor=cursor,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    project_id: int,
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
) -> (
    ListTestClocksResponse200
    | ListTestClocksResponse400
    | ListTestClocksResponse401
    | ListTestClocksResponse403
    | ListTestClocksResponse404
    | ListTestClocksResponse503
    | None
):
    """The test environment only: the project's test clocks, newest first

     Signed payload (version 4): limit, cursor.

    Args:
        project_id (int):
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListTestClocksResponse200 | ListTestClocksResponse400 | ListTestClocksResponse401 | ListTestClocksResponse403 | ListTestClocksResponse404 | ListTestClocksResponse503
    """

    return sync_detailed(
        project_id=project_id,
        client=client,
        limit=limit,
        cursor=cursor,
    ).parsed


async def asyncio_detailed(
    project_id: int,
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
) -> Response[
    ListTestClocksResponse200
    | ListTestClocksResponse400
    | ListTestClocksResponse401
    | ListTestClocksResponse403
    | ListTestClocksResponse404
    | ListTestClocksResponse503
]:
    """The test environment only: the project's test clocks, newest first

     Signed payload (version 4): limit, cursor.

    Args:
        project_id (int):
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListTestClocksResponse200 | ListTestClocksResponse400 | ListTestClocksResponse401 | ListTestClocksResponse403 | ListTestClocksResponse404 | ListTestClocksResponse503]
    """

    kwargs = _get_kwargs(
        project_id=project_id,
        limit=limit,
        cursor=cursor,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    project_id: int,
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
) -> (
    ListTestClocksResponse200
    | ListTestClocksResponse400
    | ListTestClocksResponse401
    | ListTestClocksResponse403
    | ListTestClocksResponse404
    | ListTestClocksResponse503
    | None
):
    """The test environment only: the project's test clocks, newest first

     Signed payload (version 4): limit, cursor.

    Args:
        project_id (int):
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListTestClocksResponse200 | ListTestClocksResponse400 | ListTestClocksResponse401 | ListTestClocksResponse403 | ListTestClocksResponse404 | ListTestClocksResponse503
    """

    return (
        await asyncio_detailed(
            project_id=project_id,
            client=client,
            limit=limit,
            cursor=cursor,
        )
    ).parsed
