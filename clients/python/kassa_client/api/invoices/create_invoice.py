from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.create_invoice_request import CreateInvoiceRequest
from ...models.create_invoice_response_201 import CreateInvoiceResponse201
from ...models.create_invoice_response_400 import CreateInvoiceResponse400
from ...models.create_invoice_response_401 import CreateInvoiceResponse401
from ...models.create_invoice_response_403 import CreateInvoiceResponse403
from ...models.create_invoice_response_404 import CreateInvoiceResponse404
from ...models.create_invoice_response_409 import CreateInvoiceResponse409
from ...models.create_invoice_response_413 import CreateInvoiceResponse413
from ...models.create_invoice_response_422 import CreateInvoiceResponse422
from ...models.create_invoice_response_429 import CreateInvoiceResponse429
from ...models.create_invoice_response_503 import CreateInvoiceResponse503
from ...types import UNSET, Response, Unset


def _get_kwargs(
    project_id: int,
    *,
    body: CreateInvoiceRequest,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v3/projects/{project_id}/invoices".format(
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
    CreateInvoiceResponse201
    | CreateInvoiceResponse400
    | CreateInvoiceResponse401
    | CreateInvoiceResponse403
    | CreateInvoiceResponse404
    | CreateInvoiceResponse409
    | CreateInvoiceResponse413
    | CreateInvoiceResponse422
    | CreateInvoiceResponse429
    | CreateInvoiceResponse503
    | None
):
    if response.status_code == 201:
        response_201 = CreateInvoiceResponse201.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = CreateInvoiceResponse400.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = CreateInvoiceResponse401.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = CreateInvoiceResponse403.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = CreateInvoiceResponse404.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = CreateInvoiceResponse409.from_dict(response.json())

        return response_409

    if response.status_code == 413:
        response_413 = CreateInvoiceResponse413.from_dict(response.json())

        return response_413

    if response.status_code == 422:
        response_422 = CreateInvoiceResponse422.from_dict(response.json())

        return response_422

    if response.status_code == 429:
        response_429 = CreateInvoiceResponse429.from_dict(response.json())

        return response_429

    if response.status_code == 503:
        response_503 = CreateInvoiceResponse503.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[
    CreateInvoiceResponse201
    | CreateInvoiceResponse400
    | CreateInvoiceResponse401
    | CreateInvoiceResponse403
    | CreateInvoiceResponse404
    | CreateInvoiceResponse409
    | CreateInvoiceResponse413
    | CreateInvoiceResponse422
    | CreateInvoiceResponse429
    | CreateInvoiceResponse503
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
    body: CreateInvoiceRequest,
    idempotency_key: str | Unset = UNSET,
) -> Response[
    CreateInvoiceResponse201
    | CreateInvoiceResponse400
    | CreateInvoiceResponse401
    | CreateInvoiceResponse403
    | CreateInvoiceResponse404
    | CreateInvoiceResponse409
    | CreateInvoiceResponse413
    | CreateInvoiceResponse422
    | CreateInvoiceResponse429
    | CreateInvoiceResponse503
]:
    """Create an invoice (DCB, or card: pay at authorization.url)

     Signed payload (version 4): order.merchant_order_id, customerPayload, order.price.amount,
    order.price.currency, contract.merchant_contract_id, client_ip.

    Args:
        project_id (int):
        idempotency_key (str | Unset):
        body (CreateInvoiceRequest):  Example: {'client_ip': '203.0.113.7', 'customer': {'type':
            'mobile_phone', 'msisdn': '79001234567'}, 'order': {'merchant_order_id': 'order-1',
            'price': {'amount': '10.00', 'currency': 'RUB'}}}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateInvoiceResponse201 | CreateInvoiceResponse400 | CreateInvoiceResponse401 | CreateInvoiceResponse403 | CreateInvoiceResponse404 | CreateInvoiceResponse409 | CreateInvoiceResponse413 | CreateInvoiceResponse422 | CreateInvoiceResponse429 | CreateInvoiceResponse503]
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
    body: CreateInvoiceRequest,
    idempotency_key: str | Unset = UNSET,
) -> (
    CreateInvoiceResponse201
    | CreateInvoiceResponse400
    | CreateInvoiceResponse401
    | CreateInvoiceResponse403
    | CreateInvoiceResponse404
    | CreateInvoiceResponse409
    | CreateInvoiceResponse413
    | CreateInvoiceResponse422
    | CreateInvoiceResponse429
    | CreateInvoiceResponse503
    | None
):
    """Create an invoice (DCB, or card: pay at authorization.url)

     Signed payload (version 4): order.merchant_order_id, customerPayload, order.price.amount,
    order.price.currency, contract.merchant_contract_id, client_ip.

    Args:
        project_id (int):
        idempotency_key (str | Unset):
        body (CreateInvoiceRequest):  Example: {'client_ip': '203.0.113.7', 'customer': {'type':
            'mobile_phone', 'msisdn': '79001234567'}, 'order': {'merchant_order_id': 'order-1',
            'price': {'amount': '10.00', 'currency': 'RUB'}}}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateInvoiceResponse201 | CreateInvoiceResponse400 | CreateInvoiceResponse401 | CreateInvoiceResponse403 | CreateInvoiceResponse404 | CreateInvoiceResponse409 | CreateInvoiceResponse413 | CreateInvoiceResponse422 | CreateInvoiceResponse429 | CreateInvoiceResponse503
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
    body: CreateInvoiceRequest,
    idempotency_key: str | Unset = UNSET,
) -> Response[
    CreateInvoiceResponse201
    | CreateInvoiceResponse400
    | CreateInvoiceResponse401
    | CreateInvoiceResponse403
    | CreateInvoiceResponse404
    | CreateInvoiceResponse409
    | CreateInvoiceResponse413
    | CreateInvoiceResponse422
    | CreateInvoiceResponse429
    | CreateInvoiceResponse503
]:
    """Create an invoice (DCB, or card: pay at authorization.url)

     Signed payload (version 4): order.merchant_order_id, customerPayload, order.price.amount,
    order.price.currency, contract.merchant_contract_id, client_ip.

    Args:
        project_id (int):
        idempotency_key (str | Unset):
        body (CreateInvoiceRequest):  Example: {'client_ip': '203.0.113.7', 'customer': {'type':
            'mobile_phone', 'msisdn': '79001234567'}, 'order': {'merchant_order_id': 'order-1',
            'price': {'amount': '10.00', 'currency': 'RUB'}}}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateInvoiceResponse201 | CreateInvoiceResponse400 | CreateInvoiceResponse401 | CreateInvoiceResponse403 | CreateInvoiceResponse404 | CreateInvoiceResponse409 | CreateInvoiceResponse413 | CreateInvoiceResponse422 | CreateInvoiceResponse429 | CreateInvoiceResponse503]
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
    body: CreateInvoiceRequest,
    idempotency_key: str | Unset = UNSET,
) -> (
    CreateInvoiceResponse201
    | CreateInvoiceResponse400
    | CreateInvoiceResponse401
    | CreateInvoiceResponse403
    | CreateInvoiceResponse404
    | CreateInvoiceResponse409
    | CreateInvoiceResponse413
    | CreateInvoiceResponse422
    | CreateInvoiceResponse429
    | CreateInvoiceResponse503
    | None
):
    """Create an invoice (DCB, or card: pay at authorization.url)

     Signed payload (version 4): order.merchant_order_id, customerPayload, order.price.amount,
    order.price.currency, contract.merchant_contract_id, client_ip.

    Args:
        project_id (int):
        idempotency_key (str | Unset):
        body (CreateInvoiceRequest):  Example: {'client_ip': '203.0.113.7', 'customer': {'type':
            'mobile_phone', 'msisdn': '79001234567'}, 'order': {'merchant_order_id': 'order-1',
            'price': {'amount': '10.00', 'currency': 'RUB'}}}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateInvoiceResponse201 | CreateInvoiceResponse400 | CreateInvoiceResponse401 | CreateInvoiceResponse403 | CreateInvoiceResponse404 | CreateInvoiceResponse409 | CreateInvoiceResponse413 | CreateInvoiceResponse422 | CreateInvoiceResponse429 | CreateInvoiceResponse503
    """

    return (
        await asyncio_detailed(
            project_id=project_id,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
