from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.create_contract_request import CreateContractRequest
from ...models.create_contract_response_201 import CreateContractResponse201
from ...models.create_contract_response_400 import CreateContractResponse400
from ...models.create_contract_response_401 import CreateContractResponse401
from ...models.create_contract_response_403 import CreateContractResponse403
from ...models.create_contract_response_404 import CreateContractResponse404
from ...models.create_contract_response_409 import CreateContractResponse409
from ...models.create_contract_response_413 import CreateContractResponse413
from ...models.create_contract_response_422 import CreateContractResponse422
from ...models.create_contract_response_503 import CreateContractResponse503
from ...types import UNSET, Response, Unset


def _get_kwargs(
    project_id: int,
    *,
    body: CreateContractRequest,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v3/projects/{project_id}/contracts".format(
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
    CreateContractResponse201
    | CreateContractResponse400
    | CreateContractResponse401
    | CreateContractResponse403
    | CreateContractResponse404
    | CreateContractResponse409
    | CreateContractResponse413
    | CreateContractResponse422
    | CreateContractResponse503
    | None
):
    if response.status_code == 201:
        response_201 = CreateContractResponse201.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = CreateContractResponse400.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = CreateContractResponse401.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = CreateContractResponse403.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = CreateContractResponse404.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = CreateContractResponse409.from_dict(response.json())

        return response_409

    if response.status_code == 413:
        response_413 = CreateContractResponse413.from_dict(response.json())

        return response_413

    if response.status_code == 422:
        response_422 = CreateContractResponse422.from_dict(response.json())

        return response_422

    if response.status_code == 503:
        response_503 = CreateContractResponse503.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[
    CreateContractResponse201
    | CreateContractResponse400
    | CreateContractResponse401
    | CreateContractResponse403
    | CreateContractResponse404
    | CreateContractResponse409
    | CreateContractResponse413
    | CreateContractResponse422
    | CreateContractResponse503
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
    body: CreateContractRequest,
    idempotency_key: str | Unset = UNSET,
) -> Response[
    CreateContractResponse201
    | CreateContractResponse400
    | CreateContractResponse401
    | CreateContractResponse403
    | CreateContractResponse404
    | CreateContractResponse409
    | CreateContractResponse413
    | CreateContractResponse422
    | CreateContractResponse503
]:
    """Bind a phone number (or, on the PCI host, a card)

     Signed payload (version 4): merchant_contract_id, customerPayload, pin_code, client_ip.

    Args:
        project_id (int):
        idempotency_key (str | Unset):
        body (CreateContractRequest):  Example: {'client_ip': '203.0.113.7', 'customer': {'type':
            'mobile_phone', 'msisdn': '79001234567'}, 'merchant_contract_id': 'contract-1'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateContractResponse201 | CreateContractResponse400 | CreateContractResponse401 | CreateContractResponse403 | CreateContractResponse404 | CreateContractResponse409 | CreateContractResponse413 | CreateContractResponse422 | CreateContractResponse503]
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
    body: CreateContractRequest,
    idempotency_key: str | Unset = UNSET,
) -> (
    CreateContractResponse201
    | CreateContractResponse400
    | CreateContractResponse401
    | CreateContractResponse403
    | CreateContractResponse404
    | CreateContractResponse409
    | CreateContractResponse413
    | CreateContractResponse422
    | CreateContractResponse503
    | None
):
    """Bind a phone number (or, on the PCI host, a card)

     Signed payload (version 4): merchant_contract_id, customerPayload, pin_code, client_ip.

    Args:
        project_id (int):
        idempotency_key (str | Unset):
        body (CreateContractRequest):  Example: {'client_ip': '203.0.113.7', 'customer': {'type':
            'mobile_phone', 'msisdn': '79001234567'}, 'merchant_contract_id': 'contract-1'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateContractResponse201 | CreateContractResponse400 | CreateContractResponse401 | CreateContractResponse403 | CreateContractResponse404 | CreateContractResponse409 | CreateContractResponse413 | CreateContractResponse422 | CreateContractResponse503
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
    body: CreateContractRequest,
    idempotency_key: str | Unset = UNSET,
) -> Response[
    CreateContractResponse201
    | CreateContractResponse400
    | CreateContractResponse401
    | CreateContractResponse403
    | CreateContractResponse404
    | CreateContractResponse409
    | CreateContractResponse413
    | CreateContractResponse422
    | CreateContractResponse503
]:
    """Bind a phone number (or, on the PCI host, a card)

     Signed payload (version 4): merchant_contract_id, customerPayload, pin_code, client_ip.

    Args:
        project_id (int):
        idempotency_key (str | Unset):
        body (CreateContractRequest):  Example: {'client_ip': '203.0.113.7', 'customer': {'type':
            'mobile_phone', 'msisdn': '79001234567'}, 'merchant_contract_id': 'contract-1'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateContractResponse201 | CreateContractResponse400 | CreateContractResponse401 | CreateContractResponse403 | CreateContractResponse404 | CreateContractResponse409 | CreateContractResponse413 | CreateContractResponse422 | CreateContractResponse503]
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
    body: CreateContractRequest,
    idempotency_key: str | Unset = UNSET,
) -> (
    CreateContractResponse201
    | CreateContractResponse400
    | CreateContractResponse401
    | CreateContractResponse403
    | CreateContractResponse404
    | CreateContractResponse409
    | CreateContractResponse413
    | CreateContractResponse422
    | CreateContractResponse503
    | None
):
    """Bind a phone number (or, on the PCI host, a card)

     Signed payload (version 4): merchant_contract_id, customerPayload, pin_code, client_ip.

    Args:
        project_id (int):
        idempotency_key (str | Unset):
        body (CreateContractRequest):  Example: {'client_ip': '203.0.113.7', 'customer': {'type':
            'mobile_phone', 'msisdn': '79001234567'}, 'merchant_contract_id': 'contract-1'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateContractResponse201 | CreateContractResponse400 | CreateContractResponse401 | CreateContractResponse403 | CreateContractResponse404 | CreateContractResponse409 | CreateContractResponse413 | CreateContractResponse422 | CreateContractResponse503
    """

    return (
        await asyncio_detailed(
            project_id=project_id,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
