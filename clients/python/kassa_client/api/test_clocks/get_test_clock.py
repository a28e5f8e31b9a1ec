from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.get_test_clock_response_200 import GetTestClockResponse200
from ...models.get_test_clock_response_400 import GetTestClockResponse400
from ...models.get_test_clock_response_401 import GetTestClockResponse401
from ...models.get_test_clock_response_403 import GetTestClockResponse403
from ...models.get_test_clock_response_404 import GetTestClockResponse404
from ...models.get_test_clock_response_503 import GetTestClockResponse503
from ...types import Response


def _get_kwargs(
    project_id: int,
    test_clock_id: UUID,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v3/projects/{project_id}/test_clocks/{test_clock_id}".format(
            project_id=quote(str(project_id), safe=""),
            test_clock_id=quote(str(test_clock_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    GetTestClockResponse200
    | GetTestClockResponse400
    | GetTestClockResponse401
    | GetTestClockResponse403
    | GetTestClockResponse404
    | GetTestClockResponse503
    | None
):
    if response.status_code == 200:
        response_200 = GetTestClockResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = GetTestClockResponse400.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = GetTestClockResponse401.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = GetTestClockResponse403.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = GetTestClockResponse404.from_dict(response.json())

        return response_404

    if response.status_code == 503:
        response_503 = GetTestClockResponse503.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[
    GetTestClockResponse200
    | GetTestClockResponse400
    | GetTestClockResponse401
    | GetTestClockResponse403
    | GetTestClockResponse404
    | GetTestClockResponse503
]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    project_id: int,
    test_clock_id: UUID,
    *,
    client: AuthenticatedClient | Client,
) -> Response[
    GetTestClockResponse200
    | GetTestClockResponse400
    | GetTestClockResponse401
    | GetTestClockResponse403
    | GetTestClockResponse404
    | GetTestClockResponse503
]:
    """The test environment only: a test clock (poll it until status is ready)

     Signed payload (version 4): testClockId.

    Args:
        project_id (int):
        test_clock_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GetTestClockResponse200 | GetTestClockResponse400 | GetTestClockResponse401 | GetTestClockResponse403 | GetTestClockResponse404 | GetTestClockResponse503]
    """

    kwargs = _get_kwargs(
        project_id=project_id,
        test_clock_id=test_clock_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    project_id: int,
    test_clock_id: UUID,
    *,
    client: AuthenticatedClient | Client,
) -> (
    GetTestClockResponse200
    | GetTestClockResponse400
    | GetTestClockResponse401
    | GetTestClockResponse403
    | GetTestClockResponse404
    | GetTestClockResponse503
    | None
):
    """The test environment only: a test clock (poll it until status is ready)

     Signed payload (version 4): testClockId.

    Args:
        project_id (int):
        test_clock_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GetTestClockResponse200 | GetTestClockResponse400 | GetTestClockResponse401 | GetTestClockResponse403 | GetTestClockResponse404 | GetTestClockResponse503
    """

    return sync_detailed(
        project_id=project_id,
        test_clock_id=test_clock_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    project_id: int,
    test_clock_id: UUID,
    *,
    client: AuthenticatedClient | Client,
) -> Response[
    GetTestClockResponse200
    | GetTestClockResponse400
    | GetTestClockResponse401
    | GetTestClockResponse403
    | GetTestClockResponse404
    | GetTestClockResponse503
]:
    """The test environment only: a test clock (poll it until status is ready)

     Signed payload (version 4): testClockId.

    Args:
        project_id (int):
        test_clock_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GetTestClockResponse200 | GetTestClockResponse400 | GetTestClockResponse401 | GetTestClockResponse403 | GetTestClockResponse404 | GetTestClockResponse503]
    """

    kwargs = _get_kwargs(
        project_id=project_id,
        test_clock_id=test_clock_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    project_id: int,
    test_clock_id: UUID,
    *,
    client: AuthenticatedClient | Client,
) -> (
    GetTestClockResponse200
    | GetTestClockResponse400
    | GetTestClockResponse401
    | GetTestClockResponse403
    | GetTestClockResponse404
    | GetTestClockResponse503
    | None
):
    """The test environment only: a test clock (poll it until status is ready)

     Signed payload (version 4): testClockId.

    Args:
        project_id (int):
        test_clock_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GetTestClockResponse200 | GetTestClockResponse400 | GetTestClockResponse401 | GetTestClockResponse403 | GetTestClockResponse404 | GetTestClockResponse503
    """

    return (
        await asyncio_detailed(
            project_id=project_id,
            test_clock_id=test_clock_id,
            client=client,
        )
    ).parsed
