from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.list_webhook_deliveries_deprecated_response_200 import (
    ListWebhookDeliveriesDeprecatedResponse200,
)
from ...models.list_webhook_deliveries_deprecated_response_400 import (
    ListWebhookDeliveriesDeprecatedResponse400,
)
from ...models.list_webhook_deliveries_deprecated_response_401 import (
    ListWebhookDeliveriesDeprecatedResponse401,
)
from ...models.list_webhook_deliveries_deprecated_response_403 import (
    ListWebhookDeliveriesDeprecatedResponse403,
)
from ...models.list_webhook_deliveries_deprecated_response_503 import (
    ListWebhookDeliveriesDeprecatedResponse503,
)
from ...models.list_webhook_deliveries_deprecated_status import (
    ListWebhookDeliveriesDeprecatedStatus,
)
from ...types import UNSET, Response, Unset


def _get_kwargs(
    project_id: int,
    *,
    status: ListWebhookDeliveriesDeprecatedStatus | Unset = UNSET,
    event_id: str | Unset = UNSET,
    endpoint_id: str | Unset = UNSET,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status

    params["status"] = json_status

    params["event_id"] = event_id

    params["endpoint_id"] = endpoint_id

    params["limit"] = limit

    params["cursor"] = cursor

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v3/projects/{project_id}/webhook-deliveries".format(
            project_id=quote(str(project_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    ListWebhookDeliveriesDeprecatedResponse200
    | ListWebhookDeliveriesDeprecatedResponse400
    | ListWebhookDeliveriesDeprecatedResponse401
    | ListWebhookDeliveriesDeprecatedResponse403
    | ListWebhookDeliveriesDeprecatedResponse503
    | None
):
    if response.status_code == 200:
        response_200 = ListWebhookDeliveriesDeprecatedResponse200.from_dict(
            response.json()
        )

        return response_200

    if response.status_code == 400:
        response_400 = ListWebhookDeliveriesDeprecatedResponse400.from_dict(
            response.json()
        )

        return response_400

    if response.status_code == 401:
        response_401 = ListWebhookDeliveriesDeprecatedResponse401.from_dict(
            response.json()
        )

        return response_401

    if response.status_code == 403:
        response_403 = ListWebhookDeliveriesDeprecatedResponse403.from_dict(
            response.json()
        )

        return response_403

    if response.status_code == 503:
        response_503 = ListWebhookDeliveriesDeprecatedResponse503.from_dict(
            response.json()
        )

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[
    ListWebhookDeliveriesDeprecatedResponse200
    | ListWebhookDeliveriesDeprecatedResponse400
    | ListWebhookDeliveriesDeprecatedResponse401
    | ListWebhookDeliveriesDeprecatedResponse403
    | ListWebhookDeliveriesDeprecatedResponse503
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
    status: ListWebhookDeliveriesDeprecatedStatus | Unset = UNSET,
    event_id: str | Unset = UNSET,
    endpoint_id: str | Unset = UNSET,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
) -> Response[
    ListWebhookDeliveriesDeprecatedResponse200
    | ListWebhookDeliveriesDeprecatedResponse400
    | ListWebhookDeliveriesDeprecatedResponse401
    | ListWebhookDeliveriesDeprecatedResponse403
    | ListWebhookDeliveriesDeprecatedResponse503
]:
    """Webhook deliveries with their attempts, newest first

     Deprecated: use /api/v3/projects/{projectId}/webhook_deliveries; answers carry Deprecation and a
    Link to it. Signed payload (version 4): status, event_id, limit, cursor, endpoint_id.

    Args:
        project_id (int):
        status (ListWebhookDeliveriesDeprecatedStatus | Unset):
        event_id (str | Unset):
        endpoint_id (str | Unset):
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListWebhookDeliveriesDeprecatedResponse200 | ListWebhookDeliveriesDeprecatedResponse400 | ListWebhookDeliveriesDeprecatedResponse401 | ListWebhookDeliveriesDeprecatedResponse403 | ListWebhookDeliveriesDeprecatedResponse503]
    """

    kwargs = _get_kwargs(
        project_id=project_id,
        status=status,
        event_id=event_id,
        endpoint_id=endpoint_id,
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
    status: ListWebhookDeliveriesDeprecatedStatus | Unset = UNSET,
    event_id: str | Unset = UNSET,
    endpoint_id: str | Unset = UNSET,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
) -> (
    ListWebhookDeliveriesDeprecatedResponse200
    | ListWebhookDeliveriesDeprecatedResponse400
    | ListWebhookDeliveriesDeprecatedResponse401
    | ListWebhookDeliveriesDeprecatedResponse403
    | ListWebhookDeliveriesDeprecatedResponse503
    | None
):
    """Webhook deliveries with their attempts, newest first

     Deprecated: use /api/v3/projects/{projectId}/webhook_deliveries; answers carry Deprecation and a
    Link to it. Signed payload (version 4): status, event_id, limit, cursor, endpoint_id.

    Args:
        project_id (int):
        status (ListWebhookDeliveriesDeprecatedStatus | Unset):
        event_id (str | Unset):
        endpoint_id (str | Unset):
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListWebhookDeliveriesDeprecatedResponse200 | ListWebhookDeliveriesDeprecatedResponse400 | ListWebhookDeliveriesDeprecatedResponse401 | ListWebhookDeliveriesDeprecatedResponse403 | ListWebhookDeliveriesDeprecatedResponse503
    """

    return sync_detailed(
        project_id=project_id,
        client=client,
        status=status,
        event_id=event_id,
        endpoint_id=endpoint_id,
        limit=limit,
        cursor=cursor,
    ).parsed


async def asyncio_detailed(
    project_id: int,
    *,
    client: AuthenticatedClient | Client,
    status: ListWebhookDeliveriesDeprecatedStatus | Unset = UNSET,
    event_id: str | Unset = UNSET,
    endpoint_id: str | Unset = UNSET,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
) -> Response[
    ListWebhookDeliveriesDeprecatedResponse200
    | ListWebhookDeliveriesDeprecatedResponse400
    | ListWebhookDeliveriesDeprecatedResponse401
    | ListWebhookDeliveriesDeprecatedResponse403
    | ListWebhookDeliveriesDeprecatedResponse503
]:
    """Webhook deliveries with their attempts, newest first

     Deprecated: use /api/v3/projects/{projectId}/webhook_deliveries; answers carry Deprecation and a
    Link to it. Signed payload (version 4): status, event_id, limit, cursor, endpoint_id.

    Args:
        project_id (int):
        status (ListWebhookDeliveriesDeprecatedStatus | Unset):
        event_id (str | Unset):
        endpoint_id (str | Unset):
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ListWebhookDeliveriesDeprecatedResponse200 | ListWebhookDeliveriesDeprecatedResponse400 | ListWebhookDeliveriesDeprecatedResponse401 | ListWebhookDeliveriesDeprecatedResponse403 | ListWebhookDeliveriesDeprecatedResponse503]
    """

    kwargs = _get_kwargs(
        project_id=project_id,
        status=status,
        event_id=event_id,
        endpoint_id=endpoint_id,
        limit=limit,
        cursor=cursor,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    project_id: int,
    *,
    client: AuthenticatedClient | Client,
    status: ListWebhookDeliveriesDeprecatedStatus | Unset = UNSET,
    event_id: str | Unset = UNSET,
    endpoint_id: str | Unset = UNSET,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
) -> (
    ListWebhookDeliveriesDeprecatedResponse200
    | ListWebhookDeliveriesDeprecatedResponse400
    | ListWebhookDeliveriesDeprecatedResponse401
    | ListWebhookDeliveriesDeprecatedResponse403
    | ListWebhookDeliveriesDeprecatedResponse503
    | None
):
    """Webhook deliveries with their attempts, newest first

     Deprecated: use /api/v3/projects/{projectId}/webhook_deliveries; answers carry Deprecation and a
    Link to it. Signed payload (version 4): status, event_id, limit, cursor, endpoint_id.

    Args:
        project_id (int):
        status (ListWebhookDeliveriesDeprecatedStatus | Unset):
        event_id (str | Unset):
        endpoint_id (str | Unset):
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ListWebhookDeliveriesDeprecatedResponse200 | ListWebhookDeliveriesDeprecatedResponse400 | ListWebhookDeliveriesDeprecatedResponse401 | ListWebhookDeliveriesDeprecatedResponse403 | ListWebhookDeliveriesDeprecatedResponse503
    """

    return (
        await asyncio_detailed(
            project_id=project_id,
            client=client,
            status=status,
            event_id=event_id,
            endpoint_id=endpoint_id,
            limit=limit,
            cursor=cursor,
        )
    ).parsed
