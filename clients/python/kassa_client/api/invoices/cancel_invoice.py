from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.cancel_invoice_response_200 import CancelInvoiceResponse200
from ...models.cancel_invoice_response_400 import CancelInvoiceResponse400
from ...models.cancel_invoice_response_401 import CancelInvoiceResponse401
from ...models.cancel_invoice_response_403 import CancelInvoiceResponse403
from ...models.cancel_invoice_response_404 import CancelInvoiceResponse404
from ...models.cancel_invoice_response_409 import CancelInvoiceResponse409
from ...models.cancel_invoice_response_413 import CancelInvoiceResponse413
from ...models.cancel_invoice_response_422 import CancelInvoiceResponse422
from ...models.cancel_invoice_response_503 import CancelInvoiceResponse503
from ...models.client_ip_request import ClientIpRequest
from ...types import UNSET, Response, Unset


def _get_kwargs(
    project_id: int,
    invoice_id: UUID,
    *,
    body: ClientIpRequest | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v3/projects/{project_id}/invoices/{invoice_id}/cancel".format(
            project_id=quote(str(project_id), safe=""),
            invoice_id=quote(str(invoice_id), safe=""),
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
    CancelInvoiceResponse200
    | CancelInvoiceResponse400
    | CancelInvoiceResponse401
    | CancelInvoiceResponse403
    | CancelInvoiceResponse404
    | CancelInvoiceResponse409
    | CancelInvoiceResponse413
    | CancelInvoiceResponse422
    | CancelInvoiceResponse503
    | None
):
    if response.status_code == 200:
        response_200 = CancelInvoiceResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = CancelInvoiceResponse400.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = CancelInvoiceResponse401.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = CancelInvoiceResponse403.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = CancelInvoiceResponse404.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = CancelInvoiceResponse409.from_dict(response.json())

        return response_409

    if response.status_code == 413:
        response_413 = CancelInvoiceResponse413.from_dict(response.json())

        return response_413

    if response.status_code == 422:
        response_422 = CancelInvoiceResponse422.from_dict(response.json())

        return response_422

    if response.status_code == 503:
        response_503 = CancelInvoiceResponse503.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[
    CancelInvoiceResponse200
    | CancelInvoiceResponse400
    | CancelInvoiceResponse401
    | CancelInvoiceResponse403
    | CancelInvoiceResponse404
    | CancelInvoiceResponse409
    | CancelInvoiceResponse413
    | CancelInvoiceResponse422
    | CancelInvoiceResponse503
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
    body: ClientIpRequest | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[
    CancelInvoiceResponse200
    | CancelInvoiceResponse400
    | CancelInvoiceResponse401
    | CancelInvoiceResponse403
    | CancelInvoiceResponse404
    | CancelInvoiceResponse409
    | CancelInvoiceResponse413
    | CancelInvoiceResponse422
    | CancelInvoiceResponse503
]:
    """Cancel an invoice (an empty body is fine when the project does not require client_ip)

     Signed payload (version 4): invoiceId, client_ip.

    Args:
        project_id (int):
        invoice_id (UUID):
        idempotency_key (str | Unset):
        body (ClientIpRequest | Unset):  Example: {'client_ip': '203.0.113.7'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CancelInvoiceResponse200 | CancelInvoiceResponse400 | CancelInvoiceResponse401 | CancelInvoiceResponse403 | CancelInvoiceResponse404 | CancelInvoiceResponse409 | CancelInvoiceResponse413 | CancelInvoiceResponse422 | CancelInvoiceResponse503]
    """

    kwargs = _get_kwargs(
        project_id=project_id,
        invoice_id=invoice_id,
        body=body,
        idempotency_key=idempotency_key,
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
    body: ClientIpRequest | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> (
    CancelInvoiceResponse200
    | CancelInvoiceResponse400
    | CancelInvoiceResponse401
    | CancelInvoiceResponse403
    | CancelInvoiceResponse404
    | CancelInvoiceResponse409
    | CancelInvoiceResponse413
    | CancelInvoiceResponse422
    | CancelInvoiceResponse503
    | None
):
    """Cancel an invoice (an empty body is fine when the project does not require client_ip)

     Signed payload (version 4): invoiceId, client_ip.

    Args:
        project_id (int):
        invoice_id (UUID):
        idempotency_key (str | Unset):
        body (ClientIpRequest | Unset):  Example: {'client_ip': '203.0.113.7'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CancelInvoiceResponse200 | CancelInvoiceResponse400 | CancelInvoiceResponse401 | CancelInvoiceResponse403 | CancelInvoiceResponse404 | CancelInvoiceResponse409 | CancelInvoiceResponse413 | CancelInvoiceResponse422 | CancelInvoiceResponse503
    """

    return sync_detailed(
        project_id=project_id,
        invoice_id=invoice_id,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    project_id: int,
    invoice_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: ClientIpRequest | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[
    CancelInvoiceResponse200
    | CancelInvoiceResponse400
    | CancelInvoiceResponse401
    | CancelInvoiceResponse403
    | CancelInvoiceResponse404
    | CancelInvoiceResponse409
    | CancelInvoiceResponse413
    | CancelInvoiceResponse422
    | CancelInvoiceResponse503
]:
    """Cancel an invoice (an empty body is fine when the project does not require client_ip)

     Signed payload (version 4): invoiceId, client_ip.

    Args:
        project_id (int):
        invoice_id (UUID):
        idempotency_key (str | Unset):
        body (ClientIpRequest | Unset):  Example: {'client_ip': '203.0.113.7'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CancelInvoiceResponse200 | CancelInvoiceResponse400 | CancelInvoiceResponse401 | CancelInvoiceResponse403 | CancelInvoiceResponse404 | CancelInvoiceResponse409 | CancelInvoiceResponse413 | CancelInvoiceResponse422 | CancelInvoiceResponse503]
    """

    kwargs = _get_kwargs(
        project_id=project_id,
        invoice_id=invoice_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    project_id: int,
    invoice_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: ClientIpRequest | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> (
    CancelInvoiceResponse200
    | CancelInvoiceResponse400
    | CancelInvoiceResponse401
    | CancelInvoiceResponse403
    | CancelInvoiceResponse404
    | CancelInvoiceResponse409
    | CancelInvoiceResponse413
    | CancelInvoiceResponse422
    | CancelInvoiceResponse503
    | None
):
    """Cancel an invoice (an empty body is fine when the project does not require client_ip)

     Signed payload (version 4): invoiceId, client_ip.

    Args:
        project_id (int):
        invoice_id (UUID):
        idempotency_key (str | Unset):
        body (ClientIpRequest | Unset):  Example: {'client_ip': '203.0.113.7'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CancelInvoiceResponse200 | CancelInvoiceResponse400 | CancelInvoiceResponse401 | CancelInvoiceResponse403 | CancelInvoiceResponse404 | CancelInvoiceResponse409 | CancelInvoiceResponse413 | CancelInvoiceResponse422 | CancelInvoiceResponse503
    """

    return (
        await asyncio_detailed(
            project_id=project_id,
            invoice_id=invoice_id,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
