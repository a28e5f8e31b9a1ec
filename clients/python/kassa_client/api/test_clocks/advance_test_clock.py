from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.advance_test_clock_request import AdvanceTestClockRequest
from ...models.advance_test_clock_response_200 import AdvanceTestClockResponse200
from ...models.advance_test_clock_response_202 import AdvanceTestClockResponse202
from ...models.advance_test_clock_response_400 import AdvanceTestClockResponse400
from ...models.advance_test_clock_response_401 import AdvanceTestClockResponse401
from ...models.advance_test_clock_response_403 import AdvanceTestClockResponse403
from ...models.advance_test_clock_response_404 import AdvanceTestClockResponse404
from ...models.advance_test_clock_response_409 import AdvanceTestClockResponse409
from ...models.advance_test_clock_response_413 import AdvanceTestClockResponse413
from ...models.advance_test_clock_response_422 import AdvanceTestClockResponse422
from ...models.advance_test_clock_response_503 import AdvanceTestClockResponse503
from ...models.advance_test_clock_wait import (
    AdvanceTestClockWait,
)
from ...types import UNSET, Response, Unset


def _get_kwargs(
    project_id: int,
    test_clock_id: UUID,
    *,
    body: AdvanceTestClockRequest,
    wait: AdvanceTestClockWait | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    params: dict[str, Any] = {}

    json_wait: str | Unset = UNSET
    if not isinstance(wait, Unset):
        json_wait = wait

    params["wait"] = json_wait

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v3/projects/{project_id}/test_clocks/{test_clock_id}/advance".format(
            project_id=quote(str(project_id), safe=""),
            test_clock_id=quote(str(test_clock_id), safe=""),
        ),
        "params": params,
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    AdvanceTestClockResponse200
    | AdvanceTestClockResponse202
    | AdvanceTestClockResponse400
    | AdvanceTestClockResponse401
    | AdvanceTestClockResponse403
    | AdvanceTestClockResponse404
    | AdvanceTestClockResponse409
    | AdvanceTestClockResponse413
    | AdvanceTestClockResponse422
    | AdvanceTestClockResponse503
    | None
):
    if response.status_code == 200:
        response_200 = AdvanceTestClockResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 202:
        response_202 = AdvanceTestClockResponse202.from_dict(response.json())

        return response_202

    if response.status_code == 400:
        response_400 = AdvanceTestClockResponse400.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = AdvanceTestClockResponse401.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = AdvanceTestClockResponse403.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = AdvanceTestClockResponse404.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = AdvanceTestClockResponse409.from_dict(response.json())

        return response_409

    if response.status_code == 413:
        response_413 = AdvanceTestClockResponse413.from_dict(response.json())

        return response_413

    if response.status_code == 422:
        response_422 = AdvanceTestClockResponse422.from_dict(response.json())

        return response_422

    if response.status_code == 503:
        response_503 = AdvanceTestClockResponse503.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[
    AdvanceTestClockResponse200
    | AdvanceTestClockResponse202
    | AdvanceTestClockResponse400
    | AdvanceTestClockResponse401
    | AdvanceTestClockResponse403
    | AdvanceTestClockResponse404
    | AdvanceTestClockResponse409
    | AdvanceTestClockResponse413
    | AdvanceTestClockResponse422
    | AdvanceTestClockResponse503
]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    project_id: int,
    test_clock_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: AdvanceTestClockRequest,
    wait: AdvanceTestClockWait | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[
    AdvanceTestClockResponse200
    | AdvanceTestClockResponse202
    | AdvanceTestClockResponse400
    | AdvanceTestClockResponse401
    | AdvanceTestClockResponse403
    | AdvanceTestClockResponse404
    | AdvanceTestClockResponse409
    | AdvanceTestClockResponse413
    | AdvanceTestClockResponse422
    | AdvanceTestClockResponse503
]:
    """The test environment only: moves the clock to frozen_time (202, advancing). Every piece of work of
    the attached objects that falls due on the way runs in time order, each at its own time (charges,
    expiries, webhook retries); then the clock is ready and test_clock.ready is sent. ?wait=true answers
    once ready (200; at most 25 s, then 202 still advancing: poll GET)

     Signed payload (version 4): testClockId, frozen_time.

    Args:
        project_id (int):
        test_clock_id (UUID):
        wait (AdvanceTestClockWait | Unset):
        idempotency_key (str | Unset):
        body (AdvanceTestClockRequest):  Example: {'frozen_time': '2028-01-01T00:00:00Z'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AdvanceTestClockResponse200 | AdvanceTestClockResponse202 | AdvanceTestClockResponse400 | AdvanceTestClockResponse401 | AdvanceTestClockResponse403 | AdvanceTestClockResponse404 | AdvanceTestClockResponse409 | AdvanceTestClockResponse413 | AdvanceTestClockResponse422 | AdvanceTestClockResponse503]
    """

    kwargs = _get_kwargs(
        project_id=project_id,
        test_clock_id=test_clock_id,
        body=body,
        wait=wait,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    project_id: int,
    test_clock_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: AdvanceTestClockRequest,
    wait: AdvanceTestClockWait | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> (
    AdvanceTestClockResponse200
    | AdvanceTestClockResponse202
    | AdvanceTestClockResponse400
    | AdvanceTestClockResponse401
    | AdvanceTestClockResponse403
    | AdvanceTestClockResponse404
    | AdvanceTestClockResponse409
    | AdvanceTestClockResponse413
    | AdvanceTestClockResponse422
    | AdvanceTestClockResponse503
    | None
):
    """The test environment only: moves the clock to frozen_time (202, advancing). Every piece of work of
    the attached objects that falls due on the way runs in time order, each at its own time (charges,
    expiries, webhook retries); then the clock is ready and test_clock.ready is sent. ?wait=true answers
    once ready (200; at most 25 s, then 202 still advancing: poll GET)

     Signed payload (version 4): testClockId, frozen_time.

    Args:
        project_id (int):
        test_clock_id (UUID):
        wait (AdvanceTestClockWait | Unset):
        idempotency_key (str | Unset):
        body (AdvanceTestClockRequest):  Example: {'frozen_time': '2028-01-01T00:00:00Z'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AdvanceTestClockResponse200 | AdvanceTestClockResponse202 | AdvanceTestClockResponse400 | AdvanceTestClockResponse401 | AdvanceTestClockResponse403 | AdvanceTestClockResponse404 | AdvanceTestClockResponse409 | AdvanceTestClockResponse413 | AdvanceTestClockResponse422 | AdvanceTestClockResponse503
    """

    return sync_detailed(
        project_id=project_id,
        test_clock_id=test_clock_id,
        client=client,
        body=body,
        wait=wait,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    project_id: int,
    test_clock_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: AdvanceTestClockRequest,
    wait: AdvanceTestClockWait | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[
    AdvanceTestClockResponse200
    | AdvanceTestClockResponse202
    | AdvanceTestClockResponse400
    | AdvanceTestClockResponse401
    | AdvanceTestClockResponse403
    | AdvanceTestClockResponse404
    | AdvanceTestClockResponse409
    | AdvanceTestClockResponse413
    | AdvanceTestClockResponse422
    | AdvanceTestClockResponse503
]:
    """The test environment only: moves the clock to frozen_time (202, advancing). Every piece of work of
    the attached objects that falls due on the way runs in time order, each at its own time (charges,
    expiries, webhook retries); then the clock is ready and test_clock.ready is sent. ?wait=true answers
    once ready (200; at most 25 s, then 202 still advancing: poll GET)

     Signed payload (version 4): testClockId, frozen_time.

    Args:
        project_id (int):
        test_clock_id (UUID):
        wait (AdvanceTestClockWait | Unset):
        idempotency_key (str | Unset):
        body (AdvanceTestClockRequest):  Example: {'frozen_time': '2028-01-01T00:00:00Z'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AdvanceTestClockResponse200 | AdvanceTestClockResponse202 | AdvanceTestClockResponse400 | AdvanceTestClockResponse401 | AdvanceTestClockResponse403 | AdvanceTestClockResponse404 | AdvanceTestClockResponse409 | AdvanceTestClockResponse413 | AdvanceTestClockResponse422 | AdvanceTestClockResponse503]
    """

    kwargs = _get_kwargs(
        project_id=project_id,
        test_clock_id=test_clock_id,
        body=body,
        wait=wait,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    project_id: int,
    test_clock_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: AdvanceTestClockRequest,
    wait: AdvanceTestClockWait | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> (
    AdvanceTestClockResponse200
    | AdvanceTestClockResponse202
    | AdvanceTestClockResponse400
    | AdvanceTestClockResponse401
    | AdvanceTestClockResponse403
    | AdvanceTestClockResponse404
    | AdvanceTestClockResponse409
    | AdvanceTestClockResponse413
    | AdvanceTestClockResponse422
    | AdvanceTestClockResponse503
    | None
):
    """The test environment only: moves the clock to frozen_time (202, advancing). Every piece of work of
    the attached objects that falls due on the way runs in time order, each at its own time (charges,
    expiries, webhook retries); then the clock is ready and test_clock.ready is sent. ?wait=true answers
    once ready (200; at most 25 s, then 202 still advancing: poll GET)

     Signed payload (version 4): testClockId, frozen_time.

    Args:
        project_id (int):
        test_clock_id (UUID):
        wait (AdvanceTestClockWait | Unset):
        idempotency_key (str | Unset):
        body (AdvanceTestClockRequest):  Example: {'frozen_time': '2028-01-01T00:00:00Z'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AdvanceTestClockResponse200 | AdvanceTestClockResponse202 | AdvanceTestClockResponse400 | AdvanceTestClockResponse401 | AdvanceTestClockResponse403 | AdvanceTestClockResponse404 | AdvanceTestClockResponse409 | AdvanceTestClockResponse413 | AdvanceTestClockResponse422 | AdvanceTestClockResponse503
    """

    return (
        await asyncio_detailed(
            project_id=project_id,
            test_clock_id=test_clock_id,
            client=client,
            body=body,
            wait=wait,
            idempotency_key=idempotency_key,
        )
    ).parsed
