from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.delete_webhook_endpoint_response_200 import (
    DeleteWebhookEndpointResponse200,
)
from ...models.delete_webhook_endpoint_response_400 import (
    DeleteWebhookEndpointResponse400,
)
from ...models.delete_webhook_endpoint_response_401 import (
    DeleteWebhookEndpointResponse401,
)
from ...models.delete_webhook_endpoint_response_403 import (
    DeleteWebhookEndpointResponse403,
)
from ...models.delete_webhook_endpoint_response_404 import (
    DeleteWebhookEndpointResponse404,
)
from ...models.delete_webhook_endpoint_response_503 import (
    DeleteWebhookEndpointResponse503,
)
from ...types import Response


def _get_kwargs(
    project_id: int,
    endpoint_id: UUID,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "delete",
        "url": "/api/v3/projects/{project_id}/webhook_endpoints/{endpoint_id}".format(
            project_id=quote(str(project_id), safe=""),
            endpoint_id=quote(str(endpoint_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    DeleteWebhookEndpointResponse200
    | DeleteWebhookEndpointResponse400
    | DeleteWebhookEndpointResponse401
    | DeleteWebhookEndpointResponse403
    | DeleteWebhookEndpointResponse404
    | DeleteWebhookEndpointResponse503
    | None
):
    if response.status_code == 200:
        response_200 = DeleteWebhookEndpointResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = DeleteWebhookEndpointResponse400.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = DeleteWebhookEndpointResponse401.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = DeleteWebhookEndpointResponse403.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = DeleteWebhookEndpointResponse404.from_dict(response.json())

        return response_404

    if response.status_code == 503:
        response_503 = DeleteWebhookEndpointResponse503.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[
    DeleteWebhookEndpointResponse200
    | DeleteWebhookEndpointResponse400
    | DeleteWebhookEndpointResponse401
    | DeleteWebhookEndpointResponse403
    | DeleteWebhookEndpointResponse404
    | DeleteWebhookEndpointResponse503
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
    DeleteWebhookEndpointResponse200
    | DeleteWebhookEndpointResponse400
    | DeleteWebhookEndpointResponse401
    | DeleteWebhookEndpointResponse403
    | DeleteWebhookEndpointResponse404
    | DeleteWebhookEndpointResponse503
]:
    """Deletes the endpoint (its slot is free again); its deliveries stay listed, pending ones are not sent

     Signed payload (version 4): endpointId.

    Args:
        project_id (int):
        endpoint_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DeleteWebhookEndpointResponse200 | DeleteWebhookEndpointResponse400 | DeleteWebhookEndpointResponse401 | DeleteWebhookEndpointResponse403 | DeleteWebhookEndpointResponse404 | DeleteWebhookEndpointResponse503]
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
    DeleteWebhookEndpointResponse200
    | DeleteWebhookEndpointResponse400
    | DeleteWebhookEndpointResponse401
    | DeleteWebhookEndpointResponse403
    | DeleteWebhookEndpointResponse404
    | DeleteWebhookEndpointResponse503
    | None
):
    """Deletes the endpoint (its slot is free again); its deliveries stay listed, pending ones are not sent

     Signed payload (version 4): endpointId.

    Args:
        project_id (int):
        endpoint_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DeleteWebhookEndpointResponse200 | DeleteWebhookEndpointResponse400 | DeleteWebhookEndpointResponse401 | DeleteWebhookEndpointResponse403 | DeleteWebhookEndpointResponse404 | DeleteWebhookEndpointResponse503
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
    DeleteWebhookEndpointResponse200
    | DeleteWebhookEndpointResponse400
    | DeleteWebhookEndpointResponse401
    | DeleteWebhookEndpointResponse403
    | DeleteWebhookEndpointResponse404
    | DeleteWebhookEndpointResponse503
]:
    """Deletes the endpoint (its slot is free again); its deliveries stay listed, pending ones are not sent

     Signed payload (version 4): endpointId.

    Args:
        project_id (int):
        endpoint_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DeleteWebhookEndpointResponse200 | DeleteWebhookEndpointResponse400 | DeleteWebhookEndpointResponse401 | DeleteWebhookEndpointResponse403 | DeleteWebhookEndpointResponse404 | DeleteWebhookEndpointResponse503]
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
    DeleteWebhookEndpointResponse200
    | DeleteWebhookEndpointResponse400
    | DeleteWebhookEndpointResponse401
    | DeleteWebhookEndpointResponse403
    | DeleteWebhookEndpointResponse404
    | DeleteWebhookEndpointResponse503
    | None
):
    """Deletes the endpoint (its slot is free again); its deliveries stay listed, pending ones are not sent

     Signed payload (version 4): endpointId.

    Args:
        project_id (int):
        endpoint_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DeleteWebhookEndpointResponse200 | DeleteWebhookEndpointResponse400 | DeleteWebhookEndpointResponse401 | DeleteWebhookEndpointResponse403 | DeleteWebhookEndpointResponse404 | DeleteWebhookEndpointResponse503
    """

    return (
        await asyncio_detailed(
            project_id=project_id,
            endpoint_id=endpoint_id,
            client=client,
        )
    ).parsed
