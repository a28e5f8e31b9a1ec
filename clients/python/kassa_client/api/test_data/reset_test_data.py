from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.reset_test_data_response_200 import ResetTestDataResponse200
from ...models.reset_test_data_response_400 import ResetTestDataResponse400
from ...models.reset_test_data_response_401 import ResetTestDataResponse401
from ...models.reset_test_data_response_403 import ResetTestDataResponse403
from ...models.reset_test_data_response_404 import ResetTestDataResponse404
from ...models.reset_test_data_response_409 import ResetTestDataResponse409
from ...models.reset_test_data_response_422 import ResetTestDataResponse422
from ...models.reset_test_data_response_503 import ResetTestDataResponse503
from ...types import UNSET, Response, Unset


def _get_kwargs(
    project_id: int,
    *,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v3/projects/{project_id}/test_data/reset".format(
            project_id=quote(str(project_id), safe=""),
        ),
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    ResetTestDataResponse200
    | ResetTestDataResponse400
    | ResetTestDataResponse401
    | ResetTestDataResponse403
    | ResetTestDataResponse404
    | ResetTestDataResponse409
    | ResetTestDataResponse422
    | ResetTestDataResponse503
    | None
):
    if response.status_code == 200:
        response_200 = ResetTestDataResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ResetTestDataResponse400.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = ResetTestDataResponse401.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = ResetTestDataResponse403.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = ResetTestDataResponse404.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = ResetTestDataResponse409.from_dict(response.json())

        return response_409

    if response.status_code == 422:
        response_422 = ResetTestDataResponse422.from_dict(response.json())

        return response_422

    if response.status_code == 503:
        response_503 = ResetTestDataResponse503.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[
    ResetTestDataResponse200
    | ResetTestDataResponse400
    | ResetTestDataResponse401
    | ResetTestDataResponse403
    | ResetTestDataResponse404
    | ResetTestDataResponse409
    | ResetTestDataResponse422
    | ResetTestDataResponse503
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
    idempotency_key: str | Unset = UNSET,
) -> Response[
    ResetTestDataResponse200
    | ResetTestDataResponse400
    | ResetTestDataResponse401
    | ResetTestDataResponse403
    | ResetTestDataResponse404
    | ResetTestDataResponse409
    | ResetTestDataResponse422
    | ResetTestDataResponse503
]:
    """The test environment only: removes the project's contracts, invoices, subscriptions, events,
    deliveries, test clocks and webhook endpoints (not its settings); 404 in production

     Signed payload (version 4): .

    Args:
        project_id (int):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ResetTestDataResponse200 | ResetTestDataResponse400 | ResetTestDataResponse401 | ResetTestDataResponse403 | ResetTestDataResponse404 | ResetTestDataResponse409 | ResetTestDataResponse422 | ResetTestDataResponse503]
    """

    kwargs = _get_kwargs(
        project_id=project_id,
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
    idempotency_key: str | Unset = UNSET,
) -> (
    ResetTestDataResponse200
    | ResetTestDataResponse400
    | ResetTestDataResponse401
    | ResetTestDataResponse403
    | ResetTestDataResponse404
    | ResetTestDataResponse409
    | ResetTestDataResponse422
    | ResetTestDataResponse503
    | None
):
    """The test environment only: removes the project's contracts, invoices, subscriptions, events,
    deliveries, test clocks and webhook endpoints (not its settings); 404 in production

     Signed payload (version 4): .

    Args:
        project_id (int):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ResetTestDataResponse200 | ResetTestDataResponse400 | ResetTestDataResponse401 | ResetTestDataResponse403 | ResetTestDataResponse404 | ResetTestDataResponse409 | ResetTestDataResponse422 | ResetTestDataResponse503
    """

    return sync_detailed(
        project_id=project_id,
        client=client,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    project_id: int,
    *,
    client: AuthenticatedClient | Client,
    idempotency_key: str | Unset = UNSET,
) -> Response[
    ResetTestDataResponse200
    | ResetTestDataResponse400
    | ResetTestDataResponse401
    | ResetTestDataResponse403
    | ResetTestDataResponse404
    | ResetTestDataResponse409
    | ResetTestDataResponse422
    | ResetTestDataResponse503
]:
    """The test environment only: removes the project's contracts, invoices, subscriptions, events,
    deliveries, test clocks and webhook endpoints (not its settings); 404 in production

     Signed payload (version 4): .

    Args:
        project_id (int):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ResetTestDataResponse200 | ResetTestDataResponse400 | ResetTestDataResponse401 | ResetTestDataResponse403 | ResetTestDataResponse404 | ResetTestDataResponse409 | ResetTestDataResponse422 | ResetTestDataResponse503]
    """

    kwargs = _get_kwargs(
        project_id=project_id,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    project_id: int,
    *,
    client: AuthenticatedClient | Client,
    idempotency_key: str | Unset = UNSET,
) -> (
    ResetTestDataResponse200
    | ResetTestDataResponse400
    | ResetTestDataResponse401
    | ResetTestDataResponse403
    | ResetTestDataResponse404
    | ResetTestDataResponse409
    | ResetTestDataResponse422
    | ResetTestDataResponse503
    | None
):
    """The test environment only: removes the project's contracts, invoices, subscriptions, events,
    deliveries, test clocks and webhook endpoints (not its settings); 404 in production

     Signed payload (version 4): .

    Args:
        project_id (int):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ResetTestDataResponse200 | ResetTestDataResponse400 | ResetTestDataResponse401 | ResetTestDataResponse403 | ResetTestDataResponse404 | ResetTestDataResponse409 | ResetTestDataResponse422 | ResetTestDataResponse503
    """

    return (
        await asyncio_detailed(
            project_id=project_id,
            client=client,
            idempotency_key=idempotency_key,
        )
    ).parsed
