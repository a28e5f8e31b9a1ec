from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.create_test_clock_request import CreateTestClockRequest
from ...models.create_test_clock_response_201 import CreateTestClockResponse201
from ...models.create_test_clock_response_400 import CreateTestClockResponse400
from ...models.create_test_clock_response_401 import CreateTestClockResponse401
from ...models.create_test_clock_response_403 import CreateTestClockResponse403
from ...models.create_test_clock_response_404 import CreateTestClockResponse404
from ...models.create_test_clock_response_409 import CreateTestClockResponse409
from ...models.create_test_clock_response_413 import CreateTestClockResponse413
from ...models.create_test_clock_response_422 import CreateTestClockResponse422
from ...models.create_test_clock_response_503 import CreateTestClockResponse503
from ...types import UNSET, Response, Unset


def _get_kwargs(
    project_id: int,
    *,
    body: CreateTestClockRequest,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v3/projects/{project_id}/test_clocks".format(
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
    CreateTestClockResponse201
    | CreateTestClockResponse400
    | CreateTestClockResponse401
    | CreateTestClockResponse403
    | CreateTestClockResponse404
    | CreateTestClockResponse409
    | CreateTestClockResponse413
    | CreateTestClockResponse422
    | CreateTestClockResponse503
    | None
):
    if response.status_code == 201:
        response_201 = CreateTestClockResponse201.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = CreateTestClockResponse400.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = CreateTestClockResponse401.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = CreateTestClockResponse403.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = CreateTestClockResponse404.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = CreateTestClockResponse409.from_dict(response.json())

        return response_409

    if response.status_code == 413:
        response_413 = CreateTestClockResponse413.from_dict(response.json())

        return response_413

    if response.status_code == 422:
        response_422 = CreateTestClockResponse422.from_dict(response.json())

        return response_422

    if response.status_code == 503:
        response_503 = CreateTestClockResponse503.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[
    CreateTestClockResponse201
    | CreateTestClockResponse400
    | CreateTestClockResponse401
    | CreateTestClockResponse403
    | CreateTestClockResponse404
    | CreateTestClockResponse409
    | CreateTestClockResponse413
    | CreateTestClockResponse422
    | CreateTestClockResponse503
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
    body: CreateTestClockRequest,
    idempotency_key: str | Unset = UNSET,
) -> Response[
    CreateTestClockResponse201
    | CreateTestClockResponse400
    | CreateTestClockResponse401
    | CreateTestClockResponse403
    | CreateTestClockResponse404
    | CreateTestClockResponse409
    | CreateTestClockResponse413
    | CreateTestClockResponse422
    | CreateTestClockResponse503
]:
    """The test environment only: a clock that stands still at frozen_time. Attach a contract or invoice
    with test_info.test_clock_id, a subscription with TestInfo/TestClockID; they then live in its time

     Signed payload (version 4): frozen_time, name.

    Args:
        project_id (int):
        idempotency_key (str | Unset):
        body (CreateTestClockRequest):  Example: {'frozen_time': '2027-01-01T00:00:00Z', 'name':
            'renewals'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateTestClockResponse201 | CreateTestClockResponse400 | CreateTestClockResponse401 | CreateTestClockResponse403 | CreateTestClockResponse404 | CreateTestClockResponse409 | CreateTestClockResponse413 | CreateTestClockResponse422 | CreateTestClockResponse503]
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
    body: CreateTestClockRequest,
    idempotency_key: str | Unset = UNSET,
) -> (
    CreateTestClockResponse201
    | CreateTestClockResponse400
    | CreateTestClockResponse401
    | CreateTestClockResponse403
    | CreateTestClockResponse404
    | CreateTestClockResponse409
    | CreateTestClockResponse413
    | CreateTestClockResponse422
    | CreateTestClockResponse503
    | None
):
    """The test environment only: a clock that stands still at frozen_time. Attach a contract or invoice
    with test_info.test_clock_id, a subscription with TestInfo/TestClockID; they then live in its time

     Signed payload (version 4): frozen_time, name.

    Args:
        project_id (int):
        idempotency_key (str | Unset):
        body (CreateTestClockRequest):  Example: {'frozen_time': '2027-01-01T00:00:00Z', 'name':
            'renewals'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateTestClockResponse201 | CreateTestClockResponse400 | CreateTestClockResponse401 | CreateTestClockResponse403 | CreateTestClockResponse404 | CreateTestClockResponse409 | CreateTestClockResponse413 | CreateTestClockResponse422 | CreateTestClockResponse503
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
    body: CreateTestClockRequest,
    idempotency_key: str | Unset = UNSET,
) -> Response[
    CreateTestClockResponse201
    | CreateTestClockResponse400
    | CreateTestClockResponse401
    | CreateTestClockResponse403
    | CreateTestClockResponse404
    | CreateTestClockResponse409
    | CreateTestClockResponse413
    | CreateTestClockResponse422
    | CreateTestClockResponse503
]:
    """The test environment only: a clock that stands still at frozen_time. Attach a contract or invoice
    with test_info.test_clock_id, a subscription with TestInfo/TestClockID; they then live in its time

     Signed payload (version 4): frozen_time, name.

    Args:
        project_id (int):
        idempotency_key (str | Unset):
        body (CreateTestClockRequest):  Example: {'frozen_time': '2027-01-01T00:00:00Z', 'name':
            'renewals'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateTestClockResponse201 | CreateTestClockResponse400 | CreateTestClockResponse401 | CreateTestClockResponse403 | CreateTestClockResponse404 | CreateTestClockResponse409 | CreateTestClockResponse413 | CreateTestClockResponse422 | CreateTestClockResponse503]
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
    body: CreateTestClockRequest,
    idempotency_key: str | Unset = UNSET,
) -> (
    CreateTestClockResponse201
    | CreateTestClockResponse400
    | CreateTestClockResponse401
    | CreateTestClockResponse403
    | CreateTestClockResponse404
    | CreateTestClockResponse409
    | CreateTestClockResponse413
    | CreateTestClockResponse422
    | CreateTestClockResponse503
    | None
):
    """The test environment only: a clock that stands still at frozen_time. Attach a contract or invoice
    with test_info.test_clock_id, a subscription with TestInfo/TestClockID; they then live in its time

     Signed payload (version 4): frozen_time, name.

    Args:
        project_id (int):
        idempotency_key (str | Unset):
        body (CreateTestClockRequest):  Example: {'frozen_time': '2027-01-01T00:00:00Z', 'name':
            'renewals'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateTestClockResponse201 | CreateTestClockResponse400 | CreateTestClockResponse401 | CreateTestClockResponse403 | CreateTestClockResponse404 | CreateTestClockResponse409 | CreateTestClockResponse413 | CreateTestClockResponse422 | CreateTestClockResponse503
    """

    return (
        await asyncio_detailed(
            project_id=project_id,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
