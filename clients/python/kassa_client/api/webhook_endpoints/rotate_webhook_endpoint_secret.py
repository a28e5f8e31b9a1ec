from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.rotate_webhook_endpoint_secret_request import (
    RotateWebhookEndpointSecretRequest,
)
from ...models.rotate_webhook_endpoint_secret_response_200 import (
    RotateWebhookEndpointSecretResponse200,
)
from ...models.rotate_webhook_endpoint_secret_response_400 import (
    RotateWebhookEndpointSecretResponse400,
)
from ...models.rotate_webhook_endpoint_secret_response_401 import (
    RotateWebhookEndpointSecretResponse401,
)
from ...models.rotate_webhook_endpoint_secret_response_403 import (
    RotateWebhookEndpointSecretResponse403,
)
from ...models.rotate_webhook_endpoint_secret_response_404 import (
    RotateWebhookEndpointSecretResponse404,
)
from ...models.rotate_webhook_endpoint_secret_response_409 import (
    RotateWebhookEndpointSecretResponse409,
)
from ...models.rotate_webhook_endpoint_secret_response_413 import (
    RotateWebhookEndpointSecretResponse413,
)
from ...models.rotate_webhook_endpoint_secret_response_422 import (
    RotateWebhookEndpointSecretResponse422,
)
from ...models.rotate_webhook_endpoint_secret_response_503 import (
    RotateWebhookEndpointSecretResponse503,
)
from ...types import UNSET, Response, Unset


def _get_kwargs(
    project_id: int,
    endpoint_id: UUID,
    *,
    body: RotateWebhookEndpointSecretRequest | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v3/projects/{project_id}/webhook_endpoints/{endpoint_id}/rotate_secret".format(
            project_id=quote(str(project_id), safe=""),
            endpoint_id=quote(str(endpoint_id), safe=""),
        ),
    }

    if not isinstance(body, Unset):
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    RotateWebhookEndpointSecretResponse200
    | RotateWebhookEndpointSecretResponse400
    | RotateWebhookEndpointSecretResponse401
    | RotateWebhookEndpointSecretResponse403
    | RotateWebhookEndpointSecretResponse404
    | RotateWebhookEndpointSecretResponse409
    | RotateWebhookEndpointSecretResponse413
    | RotateWebhookEndpointSecretResponse422
    | RotateWebhookEndpointSecretResponse503
    | None
):
    if response.status_code == 200:
        response_200 = RotateWebhookEndpointSecretResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = RotateWebhookEndpointSecretResponse400.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = RotateWebhookEndpointSecretResponse401.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = RotateWebhookEndpointSecretResponse403.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = RotateWebhookEndpointSecretResponse404.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = RotateWebhookEndpointSecretResponse409.from_dict(response.json())

        return response_409

    if response.status_code == 413:
        response_413 = RotateWebhookEndpointSecretResponse413.from_dict(response.json())

        return response_413

    if response.status_code == 422:
        response_422 = RotateWebhookEndpointSecretResponse422.from_dict(response.json())

        return response_422

    if response.status_code == 503:
        response_503 = RotateWebhookEndpointSecretResponse503.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[
    RotateWebhookEndpointSecretResponse200
    | RotateWebhookEndpointSecretResponse400
    | RotateWebhookEndpointSecretResponse401
    | RotateWebhookEndpointSecretResponse403
    | RotateWebhookEndpointSecretResponse404
    | RotateWebhookEndpointSecretResponse409
    | RotateWebhookEndpointSecretResponse413
    | RotateWebhookEndpointSecretResponse422
    | RotateWebhookEndpointSecretResponse503
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
    body: RotateWebhookEndpointSecretRequest | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[
    RotateWebhookEndpointSecretResponse200
    | RotateWebhookEndpointSecretResponse400
    | RotateWebhookEndpointSecretResponse401
    | RotateWebhookEndpointSecretResponse403
    | RotateWebhookEndpointSecretResponse404
    | RotateWebhookEndpointSecretResponse409
    | RotateWebhookEndpointSecretResponse413
    | RotateWebhookEndpointSecretResponse422
    | RotateWebhookEndpointSecretResponse503
]:
    """A new secret, shown in this answer only; the old one keeps signing beside it (two v1, signatures)
    for expires_in_hours (0-168, default 24)

     Signed payload (version 4): endpointId, expires_in_hours.

    Args:
        project_id (int):
        endpoint_id (UUID):
        idempotency_key (str | Unset):
        body (RotateWebhookEndpointSecretRequest | Unset):  Example: {'expires_in_hours': 24}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[RotateWebhookEndpointSecretResponse200 | RotateWebhookEndpointSecretResponse400 | RotateWebhookEndpointSecretResponse401 | RotateWebhookEndpointSecretResponse403 | RotateWebhookEndpointSecretResponse404 | RotateWebhookEndpointSecretResponse409 | RotateWebhookEndpointSecretResponse413 | RotateWebhookEndpointSecretResponse422 | RotateWebhookEndpointSecretResponse503]
    """

    kwargs = _get_kwargs(
        project_id=project_id,
        endpoint_id=endpoint_id,
        body=body,
        idempotency_key=idempotency_key,
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
    body: RotateWebhookEndpointSecretRequest | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> (
    RotateWebhookEndpointSecretResponse200
    | RotateWebhookEndpointSecretResponse400
    | RotateWebhookEndpointSecretResponse401
    | RotateWebhookEndpointSecretResponse403
    | RotateWebhookEndpointSecretResponse404
    | RotateWebhookEndpointSecretResponse409
    | RotateWebhookEndpointSecretResponse413
    | RotateWebhookEndpointSecretResponse422
    | RotateWebhookEndpointSecretResponse503
    | None
):
    """A new secret, shown in this answer only; the old one keeps signing beside it (two v1, signatures)
    for expires_in_hours (0-168, default 24)

     Signed payload (version 4): endpointId, expires_in_hours.

    Args:
        project_id (int):
        endpoint_id (UUID):
        idempotency_key (str | Unset):
        body (RotateWebhookEndpointSecretRequest | Unset):  Example: {'expires_in_hours': 24}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        RotateWebhookEndpointSecretResponse200 | RotateWebhookEndpointSecretResponse400 | RotateWebhookEndpointSecretResponse401 | RotateWebhookEndpointSecretResponse403 | RotateWebhookEndpointSecretResponse404 | RotateWebhookEndpointSecretResponse409 | RotateWebhookEndpointSecretResponse413 | RotateWebhookEndpointSecretResponse422 | RotateWebhookEndpointSecretResponse503
    """

    return sync_detailed(
        project_id=project_id,
        endpoint_id=endpoint_id,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    project_id: int,
    endpoint_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: RotateWebhookEndpointSecretRequest | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[
    RotateWebhookEndpointSecretResponse200
    | RotateWebhookEndpointSecretResponse400
    | RotateWebhookEndpointSecretResponse401
    | RotateWebhookEndpointSecretResponse403
    | RotateWebhookEndpointSecretResponse404
    | RotateWebhookEndpointSecretResponse409
    | RotateWebhookEndpointSecretResponse413
    | RotateWebhookEndpointSecretResponse422
    | RotateWebhookEndpointSecretResponse503
]:
    """A new secret, shown in this answer only; the old one keeps signing beside it (two v1, signatures)
    for expires_in_hours (0-168, default 24)

     Signed payload (version 4): endpointId, expires_in_hours.

    Args:
        project_id (int):
        endpoint_id (UUID):
        idempotency_key (str | Unset):
        body (RotateWebhookEndpointSecretRequest | Unset):  Example: {'expires_in_hours': 24}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[RotateWebhookEndpointSecretResponse200 | RotateWebhookEndpointSecretResponse400 | RotateWebhookEndpointSecretResponse401 | RotateWebhookEndpointSecretResponse403 | RotateWebhookEndpointSecretResponse404 | RotateWebhookEndpointSecretResponse409 | RotateWebhookEndpointSecretResponse413 | RotateWebhookEndpointSecretResponse422 | RotateWebhookEndpointSecretResponse503]
    """

    kwargs = _get_kwargs(
        project_id=project_id,
        endpoint_id=endpoint_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    project_id: int,
    endpoint_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: RotateWebhookEndpointSecretRequest | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> (
    RotateWebhookEndpointSecretResponse200
    | RotateWebhookEndpointSecretResponse400
    | RotateWebhookEndpointSecretResponse401
    | RotateWebhookEndpointSecretResponse403
    | RotateWebhookEndpointSecretResponse404
    | RotateWebhookEndpointSecretResponse409
    | RotateWebhookEndpointSecretResponse413
    | RotateWebhookEndpointSecretResponse422
    | RotateWebhookEndpointSecretResponse503
    | None
):
    """A new secret, shown in this answer only; the old one keeps signing beside it (two v1, signatures)
    for expires_in_hours (0-168, default 24)

     Signed payload (version 4): endpointId, expires_in_hours.

    Args:
        project_id (int):
        endpoint_id (UUID):
        idempotency_key (str | Unset):
        body (RotateWebhookEndpointSecretRequest | Unset):  Example: {'expires_in_hours': 24}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        RotateWebhookEndpointSecretResponse200 | RotateWebhookEndpointSecretResponse400 | RotateWebhookEndpointSecretResponse401 | RotateWebhookEndpointSecretResponse403 | RotateWebhookEndpointSecretResponse404 | RotateWebhookEndpointSecretResponse409 | RotateWebhookEndpointSecretResponse413 | RotateWebhookEndpointSecretResponse422 | RotateWebhookEndpointSecretResponse503
    """

    return (
        await asyncio_detailed(
            project_id=project_id,
            endpoint_id=endpoint_id,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
