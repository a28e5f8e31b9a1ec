from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.redeliver_webhook_response_202 import RedeliverWebhookResponse202
from ...models.redeliver_webhook_response_400 import RedeliverWebhookResponse400
from ...models.redeliver_webhook_response_401 import RedeliverWebhookResponse401
from ...models.redeliver_webhook_response_403 import RedeliverWebhookResponse403
from ...models.redeliver_webhook_response_404 import RedeliverWebhookResponse404
from ...models.redeliver_webhook_response_409 import RedeliverWebhookResponse409
from ...models.redeliver_webhook_response_422 import RedeliverWebhookResponse422
from ...models.redeliver_webhook_response_503 import RedeliverWebhookResponse503
from ...types import UNSET, Response, Unset


def _get_kwargs(
    project_id: int,
    delivery_id: str,
    *,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v3/projects/{project_id}/webhook_deliveries/{delivery_id}/redeliver".format(
            project_id=quote(str(project_id), safe=""),
            delivery_id=quote(str(delivery_id), safe=""),
        ),
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    RedeliverWebhookResponse202
    | RedeliverWebhookResponse400
    | RedeliverWebhookResponse401
    | RedeliverWebhookResponse403
    | RedeliverWebhookResponse404
    | RedeliverWebhookResponse409
    | RedeliverWebhookResponse422
    | RedeliverWebhookResponse503
    | None
):
    if response.status_code == 202:
        response_202 = RedeliverWebhookResponse202.from_dict(response.json())

        return response_202

    if response.status_code == 400:
        response_400 = RedeliverWebhookResponse400.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = RedeliverWebhookResponse401.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = RedeliverWebhookResponse403.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = RedeliverWebhookResponse404.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = RedeliverWebhookResponse409.from_dict(response.json())

        return response_409

    if response.status_code == 422:
        response_422 = RedeliverWebhookResponse422.from_dict(response.json())

        return response_422

    if response.status_code == 503:
        response_503 = RedeliverWebhookResponse503.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[
    RedeliverWebhookResponse202
    | RedeliverWebhookResponse400
    | RedeliverWebhookResponse401
    | RedeliverWebhookResponse403
    | RedeliverWebhookResponse404
    | RedeliverWebhookResponse409
    | RedeliverWebhookResponse422
    | RedeliverWebhookResponse503
]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    project_id: int,
    delivery_id: str,
    *,
    client: AuthenticatedClient | Client,
    idempotency_key: str | Unset = UNSET,
) -> Response[
    RedeliverWebhookResponse202
    | RedeliverWebhookResponse400
    | RedeliverWebhookResponse401
    | RedeliverWebhookResponse403
    | RedeliverWebhookResponse404
    | RedeliverWebhookResponse409
    | RedeliverWebhookResponse422
    | RedeliverWebhookResponse503
]:
    """A new attempt now (same webhook-id); a dead delivery comes back to life

     Signed payload (version 4): deliveryId.

    Args:
        project_id (int):
        delivery_id (str):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[RedeliverWebhookResponse202 | RedeliverWebhookResponse400 | RedeliverWebhookResponse401 | RedeliverWebhookResponse403 | RedeliverWebhookResponse404 | RedeliverWebhookResponse409 | RedeliverWebhookResponse422 | RedeliverWebhookResponse503]
    """

    kwargs = _get_kwargs(
        project_id=project_id,
        delivery_id=delivery_id,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    project_id: int,
    delivery_id: str,
    *,
    client: AuthenticatedClient | Client,
    idempotency_key: str | Unset = UNSET,
) -> (
    RedeliverWebhookResponse202
    | RedeliverWebhookResponse400
    | RedeliverWebhookResponse401
    | RedeliverWebhookResponse403
    | RedeliverWebhookResponse404
    | RedeliverWebhookResponse409
    | RedeliverWebhookResponse422
    | RedeliverWebhookResponse503
    | None
):
    """A new attempt now (same webhook-id); a dead delivery comes back to life

     Signed payload (version 4): deliveryId.

    Args:
        project_id (int):
        delivery_id (str):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        RedeliverWebhookResponse202 | RedeliverWebhookResponse400 | RedeliverWebhookResponse401 | RedeliverWebhookResponse403 | RedeliverWebhookResponse404 | RedeliverWebhookResponse409 | RedeliverWebhookResponse422 | RedeliverWebhookResponse503
    """

    return sync_detailed(
        project_id=project_id,
        delivery_id=delivery_id,
        client=client,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    project_id: int,
    delivery_id: str,
    *,
    client: AuthenticatedClient | Client,
    idempotency_key: str | Unset = UNSET,
) -> Response[
    RedeliverWebhookResponse202
    | RedeliverWebhookResponse400
    | RedeliverWebhookResponse401
    | RedeliverWebhookResponse403
    | RedeliverWebhookResponse404
    | RedeliverWebhookResponse409
    | RedeliverWebhookResponse422
    | RedeliverWebhookResponse503
]:
    """A new attempt now (same webhook-id); a dead delivery comes back to life

     Signed payload (version 4): deliveryId.

    Args:
        project_id (int):
        delivery_id (str):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[RedeliverWebhookResponse202 | RedeliverWebhookResponse400 | RedeliverWebhookResponse401 | RedeliverWebhookResponse403 | RedeliverWebhookResponse404 | RedeliverWebhookResponse409 | RedeliverWebhookResponse422 | RedeliverWebhookResponse503]
    """

    kwargs = _get_kwargs(
        project_id=project_id,
        delivery_id=delivery_id,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    project_id: int,
    delivery_id: str,
    *,
    client: AuthenticatedClient | Client,
    idempotency_key: str | Unset = UNSET,
) -> (
    RedeliverWebhookResponse202
    | RedeliverWebhookResponse400
    | RedeliverWebhookResponse401
    | RedeliverWebhookResponse403
    | RedeliverWebhookResponse404
    | RedeliverWebhookResponse409
    | RedeliverWebhookResponse422
    | RedeliverWebhookResponse503
    | None
):
    """A new attempt now (same webhook-id); a dead delivery comes back to life

     Signed payload (version 4): deliveryId.

    Args:
        project_id (int):
        delivery_id (str):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        RedeliverWebhookResponse202 | RedeliverWebhookResponse400 | RedeliverWebhookResponse401 | RedeliverWebhookResponse403 | RedeliverWebhookResponse404 | RedeliverWebhookResponse409 | RedeliverWebhookResponse422 | RedeliverWebhookResponse503
    """

    return (
        await asyncio_detailed(
            project_id=project_id,
            delivery_id=delivery_id,
            client=client,
            idempotency_key=idempotency_key,
        )
    ).parsed
