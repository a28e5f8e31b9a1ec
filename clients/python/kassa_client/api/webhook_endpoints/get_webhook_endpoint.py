from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.get_webhook_endpoint_response_200 import GetWebhookEndpointResponse200
from ...models.get_webhook_endpoint_response_400 import GetWebhookEndpointResponse400
from ...models.get_webhook_endpoint_response_401 import GetWebhookEndpointResponse401
from ...models.get_webhook_endpoint_response_403 import GetWebhookEndpointResponse403
from ...models.get_webhook_endpoint_response_404 import GetWebhookEndpointResponse404
from ...models.get_webhook_endpoint_response_503 import GetWebhookEndpointResponse503
from ...types import Response


def _get_kwargs(
    project_id: int,
    endpoint_id: UUID,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v3/projects/{project_id}/webhook_endpoints/{endpoint_id}".format(
            project_id=quote(str(project_id), safe=""),
            endpoint_id=quote(str(endpoint_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    GetWebhookEndpointResponse200
    | GetWebhookEndpointResponse400
    | GetWebhookEndpointResponse401
    | GetWebhookEndpointResponse403
    | GetWebhookEndpointResponse404
    | GetWebhookEndpointResponse503
    | None
):
    if response.status_code == 200:
        response_200 = GetWebhookEndpointResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = GetWebhookEndpointResponse400.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = GetWebhookEndpointResponse401.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = GetWebhookEndpointResponse403.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = GetWebhookEndpointResponse404.from_dict(response.json())

        return response_404

    if response.status_code == 503:
        response_503 = GetWebhookEndpointResponse503.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[
    GetWebhookEndpointResponse200
    | GetWebhookEndpointResponse400
    | GetWebhookEndpointResponse401
    | GetWebhookEndpointResponse403
    | GetWebhookEndpointResponse404
    | GetWebhookEndpointResponse503
]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    project_id: int,
    endpoint_id: UUID,
    *,
    client: AuthenticatedClient | Client,
) -> Response[
    GetWebhookEndpointResponse200
    | GetWebhookEndpointResponse400
    | GetWebhookEndpointResponse401
    | GetWebhookEndpointResponse403
    | GetWebhookEndpointResponse404
    | GetWebhookEndpointResponse503
]:
    """A webhook endpoint (never its secret)

     Signed payload (version 4): endpointId.

    Args:
        project_id (int):
        endpoint_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GetWebhookEndpointResponse200 | GetWebhookEndpointResponse400 | GetWebhookEndpointResponse401 | GetWebhookEndpointResponse403 | GetWebhookEndpointResponse404 | GetWebhookEndpointResponse503]
    """

    kwargs = _get_kwargs(
        project_id=project_id,
        endpoint_id=endpoint_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    project_id: int,
    endpoint_id: UUID,
    *,
    client: AuthenticatedClient | Client,
) -> (
    GetWebhookEndpointResponse200
    | GetWebhookEndpointResponse400
    | GetWebhookEndpointResponse401
    | GetWebhookEndpointResponse403
    | GetWebhookEndpointResponse404
    | GetWebhookEndpointResponse503
    | None
):
    """A webhook endpoint (never its secret)

     Signed payload (version 4): endpointId.

    Args:
        project_id (int):
        endpoint_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GetWebhookEndpointResponse200 | GetWebhookEndpointResponse400 | GetWebhookEndpointResponse401 | GetWebhookEndpointResponse403 | GetWebhookEndpointResponse404 | GetWebhookEndpointResponse503
    """

    return sync_detailed(
        project_id=project_id,
        endpoint_id=endpoint_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    project_id: int,
    endpoint_id: UUID,
    *,
    client: AuthenticatedClient | Client,
) -> Response[
    GetWebhookEndpointResponse200
    | GetWebhookEndpointResponse400
    | GetWebhookEndpointResponse401
    | GetWebhookEndpointResponse403
    | GetWebhookEndpointResponse404
    | GetWebhookEndpointResponse503
]:
    """A webhook endpoint (never its secret)

     Signed payload (version 4): endpointId.

    Args:
        project_id (int):
        endpoint_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GetWebhookEndpointResponse200 | GetWebhookEndpointResponse400 | GetWebhookEndpointResponse401 | GetWebhookEndpointResponse403 | GetWebhookEndpointResponse404 | GetWebhookEndpointResponse503]
    """

    kwargs = _get_kwargs(
        project_id=project_id,
        endpoint_id=endpoint_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    project_id: int,
    endpoint_id: UUID,
    *,
    client: AuthenticatedClient | Client,
) -> (
    GetWebhookEndpointResponse200
    | GetWebhookEndpointResponse400
    | GetWebhookEndpointResponse401
    | GetWebhookEndpointResponse403
    | GetWebhookEndpointResponse404
    | GetWebhookEndpointResponse503
    | None
):
    """A webhook endpoint (never its secret)

     Signed payload (version 4): endpointId.

    Args:
        project_id (int):
        endpoint_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GetWebhookEndpointResponse200 | GetWebhookEndpointResponse400 | GetWebhookEndpointResponse401 | GetWebhookEndpointResponse403 | GetWebhookEndpointResponse404 | GetWebhookEndpointResponse503
    """

    return (
        await asyncio_detailed(
            project_id=project_id,
            endpoint_id=endpoint_id,
            client=client,
        )
    ).parsed
