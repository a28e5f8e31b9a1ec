from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.get_invoice_response_200 import GetInvoiceResponse200
from ...models.get_invoice_response_400 import GetInvoiceResponse400
from ...models.get_invoice_response_401 import GetInvoiceResponse401
from ...models.get_invoice_response_403 import GetInvoiceResponse403
from ...models.get_invoice_response_404 import GetInvoiceResponse404
from ...models.get_invoice_response_503 import GetInvoiceResponse503
from ...types import Response


def _get_kwargs(
    project_id: int,
    invoice_id: UUID,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v3/projects/{project_id}/invoices/{invoice_id}".format(
            project_id=quote(str(project_id), safe=""),
            invoice_id=quote(str(invoice_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    GetInvoiceResponse200
    | GetInvoiceResponse400
    | GetInvoiceResponse401
    | GetInvoiceResponse403
    | GetInvoiceResponse404
    | GetInvoiceResponse503
    | None
):
    if response.status_code == 200:
        response_200 = GetInvoiceResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = GetInvoiceResponse400.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = GetInvoiceResponse401.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = GetInvoiceResponse403.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = GetInvoiceResponse404.from_dict(response.json())

        return response_404

    if response.status_code == 503:
        response_503 = GetInvoiceResponse503.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[
    GetInvoiceResponse200
    | GetInvoiceResponse400
    | GetInvoiceResponse401
    | GetInvoiceResponse403
    | GetInvoiceResponse404
    | GetInvoiceResponse503
]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    project_id: int,
    invoice_id: UUID,
    *,
    client: AuthenticatedClient | Client,
) -> Response[
    GetInvoiceResponse200
    | GetInvoiceResponse400
    | GetInvoiceResponse401
    | GetInvoiceResponse403
    | GetInvoiceResponse404
    | GetInvoiceResponse503
]:
    """An invoice with its transactions

     Signed payload (version 4): invoiceId.

    Args:
        project_id (int):
        invoice_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GetInvoiceResponse200 | GetInvoiceResponse400 | GetInvoiceResponse401 | GetInvoiceResponse403 | GetInvoiceResponse404 | GetInvoiceResponse503]
    """

    kwargs = _get_kwargs(
        project_id=project_id,
        invoice_id=invoice_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    project_id: int,
    invoice_id: UUID,
    *,
    client: AuthenticatedClient | Client,
) -> (
    GetInvoiceResponse200
    | GetInvoiceResponse400
    | GetInvoiceResponse401
    | GetInvoiceResponse403
    | GetInvoiceResponse404
    | GetInvoiceResponse503
    | None
):
    """An invoice with its transactions

     Signed payload (version 4): invoiceId.

    Args:
        project_id (int):
        invoice_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GetInvoiceResponse200 | GetInvoiceResponse400 | GetInvoiceResponse401 | GetInvoiceResponse403 | GetInvoiceResponse404 | GetInvoiceResponse503
    """

    return sync_detailed(
        project_id=project_id,
        invoice_id=invoice_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    project_id: int,
    invoice_id: UUID,
    *,
    client: AuthenticatedClient | Client,
) -> Response[
    GetInvoiceResponse200
    | GetInvoiceResponse400
    | GetInvoiceResponse401
    | GetInvoiceResponse403
    | GetInvoiceResponse404
    | GetInvoiceResponse503
]:
    """An invoice with its transactions

     Signed payload (version 4): invoiceId.

    Args:
        project_id (int):
        invoice_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GetInvoiceResponse200 | GetInvoiceResponse400 | GetInvoiceResponse401 | GetInvoiceResponse403 | GetInvoiceResponse404 | GetInvoiceResponse503]
    """

    kwargs = _get_kwargs(
        project_id=project_id,
        invoice_id=invoice_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    project_id: int,
    invoice_id: UUID,
    *,
    client: AuthenticatedClient | Client,
) -> (
    GetInvoiceResponse200
    | GetInvoiceResponse400
    | GetInvoiceResponse401
    | GetInvoiceResponse403
    | GetInvoiceResponse404
    | GetInvoiceResponse503
    | None
):
    """An invoice with its transactions

     Signed payload (version 4): invoiceId.

    Args:
        project_id (int):
        invoice_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GetInvoiceResponse200 | GetInvoiceResponse400 | GetInvoiceResponse401 | GetInvoiceResponse403 | GetInvoiceResponse404 | GetInvoiceResponse503
    """

    return (
        await asyncio_detailed(
            project_id=project_id,
            invoice_id=invoice_id,
            client=client,
        )
    ).parsed
