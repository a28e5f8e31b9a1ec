from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.update_webhook_endpoint_request import UpdateWebhookEndpointRequest
from ...models.update_webhook_endpoint_response_200 import (
    UpdateWebhookEndpointResponse200,
)
from ...models.update_webhook_endpoint_response_400 import (
    UpdateWebhookEndpointResponse400,
)
from ...models.update_webhook_endpoint_response_401 import (
    UpdateWebhookEndpointResponse401,
)
from ...models.update_webhook_endpoint_response_403 import (
    UpdateWebhookEndpointResponse403,
)
from ...models.update_webhook_endpoint_response_404 import (
    UpdateWebhookEndpointResponse404,
)
from ...models.update_webhook_endpoint_response_413 import (
    UpdateWebhookEndpointResponse413,
)
from ...models.update_webhook_endpoint_response_503 import (
    UpdateWebhookEndpointResponse503,
)
from ...types import Response


def _get_kwargs(
    project_id: int,
    endpoint_id: UUID,
    *,
    body: UpdateWebhookEndpointRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/api/v3/projects/{project_id}/webhook_endpoints/{endpoint_id}".format(
            project_id=quote(str(project_id), safe=""),
            endpoint_id=quote(str(endpoint_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    UpdateWebhookEndpointResponse200
    | UpdateWebhookEndpointResponse400
    | UpdateWebhookEndpointResponse401
    | UpdateWebhookEndpointResponse403
    | UpdateWebhookEndpointResponse404
    | UpdateWebhookEndpointResponse413
    | UpdateWebhookEndpointResponse503
    | None
):
    if response.status_code == 200:
        response_200 = UpdateWebhookEndpointResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = UpdateWebhookEndpointResponse400.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = UpdateWebhookEndpointResponse401.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = UpdateWebhookEndpointResponse403.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = UpdateWebhookEndpointResponse404.from_dict(response.json())

        return response_404

    if response.status_code == 413:
        response_413 = UpdateWebhookEndpointResponse413.from_dict(response.json())

        return response_413

    if response.status_code == 503:
        response_503 = UpdateWebhookEndpointResponse503.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[
    UpdateWebhookEndpointResponse200
    | UpdateWebhookEndpointResponse400
    | UpdateWebhookEndpointResponse401
    | UpdateWebhookEndpointResponse403
    | UpdateWebhookEndpointResponse404
    | UpdateWebhookEndpointResponse413
    | UpdateWebhookEndpointResponse503
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
    body: UpdateWebhookEndpointRequest,
) -> Response[
    UpdateWebhookEndpointResponse200
    | UpdateWebhookEndpointResponse400
    | UpdateWebhookEndpointResponse401
    | UpdateWebhookEndpointResponse403
    | UpdateWebhookEndpointResponse404
    | UpdateWebhookEndpointResponse413
    | UpdateWebhookEndpointResponse503
]:
    """Changes any of its url, event_types, description and status (enabled/disabled)

     Signed payload (version 4): endpointId, url, event_types, description, status.

    Args:
        project_id (int):
        endpoint_id (UUID):
        body (UpdateWebhookEndpointRequest):  Example: {'status': 'enabled'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[UpdateWebhookEndpointResponse200 | UpdateWebhookEndpointResponse400 | UpdateWebhookEndpointResponse401 | UpdateWebhookEndpointResponse403 | UpdateWebhookEndpointResponse404 | UpdateWebhookEndpointResponse413 | UpdateWebhookEndpointResponse503]
    """

    kwargs = _get_kwargs(
        project_id=project_id,
        endpoint_id=endpoint_id,
        body=body,
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
    body: UpdateWebhookEndpointRequest,
) -> (
    UpdateWebhookEndpointResponse200
    | UpdateWebhookEndpointResponse400
    | UpdateWebhookEndpointResponse401
    | UpdateWebhookEndpointResponse403
    | UpdateWebhookEndpointResponse404
    | UpdateWebhookEndpointResponse413
    | UpdateWebhookEndpointResponse503
    | None
):
    """Changes any of its url, event_types, description and status (enabled/disabled)

     Signed payload (version 4): endpointId, url, event_types, description, status.

    Args:
        project_id (int):
        endpoint_id (UUID):
        body (UpdateWebhookEndpointRequest):  Example: {'status': 'enabled'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        UpdateWebhookEndpointResponse200 | UpdateWebhookEndpointResponse400 | UpdateWebhookEndpointResponse401 | UpdateWebhookEndpointResponse403 | UpdateWebhookEndpointResponse404 | UpdateWebhookEndpointResponse413 | UpdateWebhookEndpointResponse503
    """

    return sync_detailed(
        project_id=project_id,
        endpoint_id=endpoint_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    project_id: int,
    endpoint_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: UpdateWebhookEndpointRequest,
) -> Response[
    UpdateWebhookEndpointResponse200
    | UpdateWebhookEndpointResponse400
    | UpdateWebhookEndpointResponse401
    | UpdateWebhookEndpointResponse403
    | UpdateWebhookEndpointResponse404
    | UpdateWebhookEndpointResponse413
    | UpdateWebhookEndpointResponse503
]:
    """Changes any of its url, event_types, description and status (enabled/disabled)

     Signed payload (version 4): endpointId, url, event_types, description, status.

    Args:
        project_id (int):
        endpoint_id (UUID):
        body (UpdateWebhookEndpointRequest):  Example: {'status': 'enabled'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[UpdateWebhookEndpointResponse200 | UpdateWebhookEndpointResponse400 | UpdateWebhookEndpointResponse401 | UpdateWebhookEndpointResponse403 | UpdateWebhookEndpointResponse404 | UpdateWebhookEndpointResponse413 | UpdateWebhookEndpointResponse503]
    """

    kwargs = _get_kwargs(
        project_id=project_id,
        endpoint_id=endpoint_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    project_id: int,
    endpoint_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: UpdateWebhookEndpointRequest,
) -> (
    UpdateWebhookEndpointResponse200
    | UpdateWebhookEndpointResponse400
    | UpdateWebhookEndpointResponse401
    | UpdateWebhookEndpointResponse403
    | UpdateWebhookEndpointResponse404
    | UpdateWebhookEndpointResponse413
    | UpdateWebhookEndpointResponse503
    | None
):
    """Changes any of its url, event_types, description and status (enabled/disabled)

     Signed payload (version 4): endpointId, url, event_types, description, status.

    Args:
        project_id (int):
        endpoint_id (UUID):
        body (UpdateWebhookEndpointRequest):  Example: {'status': 'enabled'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        UpdateWebhookEndpointResponse200 | UpdateWebhookEndpointResponse400 | UpdateWebhookEndpointResponse401 | UpdateWebhookEndpointResponse403 | UpdateWebhookEndpointResponse404 | UpdateWebhookEndpointResponse413 | UpdateWebhookEndpointResponse503
    """

    return (
        await asyncio_detailed(
            project_id=project_id,
            endpoint_id=endpoint_id,
            client=client,
            body=body,
        )
    ).parsed
