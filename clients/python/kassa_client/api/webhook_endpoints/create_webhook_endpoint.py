from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.create_webhook_endpoint_request import CreateWebhookEndpointRequest
from ...models.create_webhook_endpoint_response_201 import (
    CreateWebhookEndpointResponse201,
)
from ...models.create_webhook_endpoint_response_400 import (
    CreateWebhookEndpointResponse400,
)
from ...models.create_webhook_endpoint_response_401 import (
    CreateWebhookEndpointResponse401,
)
from ...models.create_webhook_endpoint_response_403 import (
    CreateWebhookEndpointResponse403,
)
from ...models.create_webhook_endpoint_response_409 import (
    CreateWebhookEndpointResponse409,
)
from ...models.create_webhook_endpoint_response_413 import (
    CreateWebhookEndpointResponse413,
)
from ...models.create_webhook_endpoint_response_422 import (
    CreateWebhookEndpointResponse422,
)
from ...models.create_webhook_endpoint_response_503 import (
    CreateWebhookEndpointResponse503,
)
from ...types import UNSET, Response, Unset


def _get_kwargs(
    project_id: int,
    *,
    body: CreateWebhookEndpointRequest,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v3/projects/{project_id}/webhook_endpoints".format(
            project_id=quote(str(project_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    CreateWebhookEndpointResponse201
    | CreateWebhookEndpointResponse400
    | CreateWebhookEndpointResponse401
    | CreateWebhookEndpointResponse403
    | CreateWebhookEndpointResponse409
    | CreateWebhookEndpointResponse413
    | CreateWebhookEndpointResponse422
    | CreateWebhookEndpointResponse503
    | None
):
    if response.status_code == 201:
        response_201 = CreateWebhookEndpointResponse201.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = CreateWebhookEndpointResponse400.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = CreateWebhookEndpointResponse401.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = CreateWebhookEndpointResponse403.from_dict(response.json())

        return response_403

    if response.status_code == 409:
        response_409 = CreateWebhookEndpointResponse409.from_dict(response.json())

        return response_409

    if response.status_code == 413:
        response_413 = CreateWebhookEndpointResponse413.from_dict(response.json())

        return response_413

    if response.status_code == 422:
        response_422 = CreateWebhookEndpointResponse422.from_dict(response.json())

        return response_422

    if response.status_code == 503:
        response_503 = CreateWebhookEndpointResponse503.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[
    CreateWebhookEndpointResponse201
    | CreateWebhookEndpointResponse400
    | CreateWebhookEndpointResponse401
    | CreateWebhookEndpointResponse403
    | CreateWebhookEndpointResponse409
    | CreateWebhookEndpointResponse413
    | CreateWebhookEndpointResponse422
    | CreateWebhookEndpointResponse503
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
    body: CreateWebhookEndpointRequest,
    idempotency_key: str | Unset = UNSET,
) -> Response[
    CreateWebhookEndpointResponse201
    | CreateWebhookEndpointResponse400
    | CreateWebhookEndpointResponse401
    | CreateWebhookEndpointResponse403
    | CreateWebhookEndpointResponse409
    | CreateWebhookEndpointResponse413
    | CreateWebhookEndpointResponse422
    | CreateWebhookEndpointResponse503
]:
    """A webhook endpoint of your own (16 a project at most): the events of its types are POSTed to it,
    signed with its own secret, which this answer alone shows. The URL must be an http(s) URL of a
    public address

     Signed payload (version 4): url, event_types, description.

    Args:
        project_id (int):
        idempotency_key (str | Unset):
        body (CreateWebhookEndpointRequest):  Example: {'url': 'https://shop.example/kassa-
            events', 'event_types': ['payment.updated', 'refund.completed'], 'description': 'orders
            service'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateWebhookEndpointResponse201 | CreateWebhookEndpointResponse400 | CreateWebhookEndpointResponse401 | CreateWebhookEndpointResponse403 | CreateWebhookEndpointResponse409 | CreateWebhookEndpointResponse413 | CreateWebhookEndpointResponse422 | CreateWebhookEndpointResponse503]
    """

    kwargs = _get_kwargs(
        project_id=project_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    project_id: int,
    *,
    client: AuthenticatedClient | Client,
    body: CreateWebhookEndpointRequest,
    idempotency_key: str | Unset = UNSET,
) -> (
    CreateWebhookEndpointResponse201
    | CreateWebhookEndpointResponse400
    | CreateWebhookEndpointResponse401
    | CreateWebhookEndpointResponse403
    | CreateWebhookEndpointResponse409
    | CreateWebhookEndpointResponse413
    | CreateWebhookEndpointResponse422
    | CreateWebhookEndpointResponse503
    | None
):
    """A webhook endpoint of your own (16 a project at most): the events of its types are POSTed to it,
    signed with its own secret, which this answer alone shows. The URL must be an http(s) URL of a
    public address

     Signed payload (version 4): url, event_types, description.

    Args:
        project_id (int):
        idempotency_key (str | Unset):
        body (CreateWebhookEndpointRequest):  Example: {'url': 'https://shop.example/kassa-
            events', 'event_types': ['payment.updated', 'refund.completed'], 'description': 'orders
            service'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateWebhookEndpointResponse201 | CreateWebhookEndpointResponse400 | CreateWebhookEndpointResponse401 | CreateWebhookEndpointResponse403 | CreateWebhookEndpointResponse409 | CreateWebhookEndpointResponse413 | CreateWebhookEndpointResponse422 | CreateWebhookEndpointResponse503
    """

    return sync_detailed(
        project_id=project_id,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    project_id: int,
    *,
    client: AuthenticatedClient | Client,
    body: CreateWebhookEndpointRequest,
    idempotency_key: str | Unset = UNSET,
) -> Response[
    CreateWebhookEndpointResponse201
    | CreateWebhookEndpointResponse400
    | CreateWebhookEndpointResponse401
    | CreateWebhookEndpointResponse403
    | CreateWebhookEndpointResponse409
    | CreateWebhookEndpointResponse413
    | CreateWebhookEndpointResponse422
    | CreateWebhookEndpointResponse503
]:
    """A webhook endpoint of your own (16 a project at most): the events of its types are POSTed to it,
    signed with its own secret, which this answer alone shows. The URL must be an http(s) URL of a
    public address

     Signed payload (version 4): url, event_types, description.

    Args:
        project_id (int):
        idempotency_key (str | Unset):
        body (CreateWebhookEndpointRequest):  Example: {'url': 'https://shop.example/kassa-
            events', 'event_types': ['payment.updated', 'refund.completed'], 'description': 'orders
            service'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateWebhookEndpointResponse201 | CreateWebhookEndpointResponse400 | CreateWebhookEndpointResponse401 | CreateWebhookEndpointResponse403 | CreateWebhookEndpointResponse409 | CreateWebhookEndpointResponse413 | CreateWebhookEndpointResponse422 | CreateWebhookEndpointResponse503]
    """

    kwargs = _get_kwargs(
        project_id=project_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    project_id: int,
    *,
    client: AuthenticatedClient | Client,
    body: CreateWebhookEndpointRequest,
    idempotency_key: str | Unset = UNSET,
) -> (
    CreateWebhookEndpointResponse201
    | CreateWebhookEndpointResponse400
    | CreateWebhookEndpointResponse401
    | CreateWebhookEndpointResponse403
    | CreateWebhookEndpointResponse409
    | CreateWebhookEndpointResponse413
    | CreateWebhookEndpointResponse422
    | CreateWebhookEndpointResponse503
    | None
):
    """A webhook endpoint of your own (16 a project at most): the events of its types are POSTed to it,
    signed with its own secret, which this answer alone shows. The URL must be an http(s) URL of a
    public address

     Signed payload (version 4): url, event_types, description.

    Args:
        project_id (int):
        idempotency_key (str | Unset):
        body (CreateWebhookEndpointRequest):  Example: {'url': 'https://shop.example/kassa-
            events', 'event_types': ['payment.updated', 'refund.completed'], 'description': 'orders
            service'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateWebhookEndpointResponse201 | CreateWebhookEndpointResponse400 | CreateWebhookEndpointResponse401 | CreateWebhookEndpointResponse403 | CreateWebhookEndpointResponse409 | CreateWebhookEndpointResponse413 | CreateWebhookEndpointResponse422 | CreateWebhookEndpointResponse503
    """

    return (
        await asyncio_detailed(
            project_id=project_id,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
