from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.list_webhook_endpoints_response_200 import (
    ListWebhookEndpointsResponse200,
)
from ...models.list_webhook_endpoints_response_400 import (
    ListWebhookEndpointsResponse400,
)
from ...models.list_webhook_endpoints_response_401 import (
    ListWebhookEndpointsResponse401,
)
from ...models.list_webhook_endpoints_response_403 import (
    ListWebhookEndpointsResponse403,
)
from ...models.list_webhook_endpoints_response_503 import (
    ListWebhookEndpointsResponse503,
)
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
        "url": "/api/v3/projects/{project_id}/webhook_endpoints".format(
            project_id=quote(str(project_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    ListWebhookEndpointsResponse200
    | ListWebhookEndpointsResponse400
    | ListWebhookEndpointsResponse401
    | ListWebhookEndpointsResponse403
    | ListWebhookEndpointsResponse503
    | None
):
    if response.status_code == 200:
        response_200 = ListWebhookEndpointsResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ListWebhookEndpointsResponse400.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = ListWebhookEndpointsResponse401.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = ListWebhookEndpointsResponse403.from_dict(response.json())

        return response_403

    if response.status_code == 503:
        response_503 = ListWebhookEndpointsResponse503.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[
    ListWebhookEndpointsResponse200
    | ListWebhookEndpointsResponse400
    | ListWebhookEndpointsResponse401
    | ListWebhookEndpointsResponse403
    | ListWebhookEndpointsResponse503
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
    ListWebhookEndpointsResponse200
    | ListWebhookEndpointsResponse400
    | ListWebhookEndpointsResponse401
    | ListWebhookEndpointsResponse403
    | ListWebhookEndpointsResponse503
]:
    """The project's webhook endpoints, newest first (never their secrets)

     Signed payload (version 4): limit, cursor.

    Args:
        project_id (int):
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListWebhookEndpointsResponse200 | ListWebhookEndpointsResponse400 | ListWebhookEndpointsResponse401 | ListWebhookEndpointsResponse403 | ListWebhookEndpointsResponse503]
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
    ListWebhookEndpointsResponse200
    | ListWebhookEndpointsResponse400
    | ListWebhookEndpointsResponse401
    | ListWebhookEndpointsResponse403
    | ListWebhookEndpointsResponse503
    | None
):
    """The project's webhook endpoints, newest first (never their secrets)

     Signed payload (version 4): limit, cursor.

    Args:
        project_id (int):
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListWebhookEndpointsResponse200 | ListWebhookEndpointsResponse400 | ListWebhookEndpointsResponse401 | ListWebhookEndpointsResponse403 | ListWebhookEndpointsResponse503
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
    ListWebhookEndpointsResponse200
    | ListWebhookEndpointsResponse400
    | ListWebhookEndpointsResponse401
    | ListWebhookEndpointsResponse403
    | ListWebhookEndpointsResponse503
]:
    """The project's webhook endpoints, newest first (never their secrets)

     Signed payload (version 4): limit, cursor.

    Args:
        project_id (int):
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListWebhookEndpointsResponse200 | ListWebhookEndpointsResponse400 | ListWebhookEndpointsResponse401 | ListWebhookEndpointsResponse403 | ListWebhookEndpointsResponse503]
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
    ListWebhookEndpointsResponse200
    | ListWebhookEndpointsResponse400
    | ListWebhookEndpointsResponse401
    | ListWebhookEndpointsResponse403
    | ListWebhookEndpointsResponse503
    | None
):
    """The project's webhook endpoints, newest first (never their secrets)

     Signed payload (version 4): limit, cursor.

    Args:
        project_id (int):
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListWebhookEndpointsResponse200 | ListWebhookEndpointsResponse400 | ListWebhookEndpointsResponse401 | ListWebhookEndpointsResponse403 | ListWebhookEndpointsResponse503
    """

    return (
        await asyncio_detailed(
            project_id=project_id,
            client=client,
            limit=limit,
            cursor=cursor,
        )
    ).parsed
