from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.client_ip_request import ClientIpRequest
from ...models.refund_invoice_response_202 import RefundInvoiceResponse202
from ...models.refund_invoice_response_400 import RefundInvoiceResponse400
from ...models.refund_invoice_response_401 import RefundInvoiceResponse401
from ...models.refund_invoice_response_403 import RefundInvoiceResponse403
from ...models.refund_invoice_response_404 import RefundInvoiceResponse404
from ...models.refund_invoice_response_409 import RefundInvoiceResponse409
from ...models.refund_invoice_response_413 import RefundInvoiceResponse413
from ...models.refund_invoice_response_422 import RefundInvoiceResponse422
from ...models.refund_invoice_response_503 import RefundInvoiceResponse503
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
        "url": "/api/v3/projects/{project_id}/invoices/{invoice_id}/refund".format(
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
    RefundInvoiceResponse202
    | RefundInvoiceResponse400
    | RefundInvoiceResponse401
    | RefundInvoiceResponse403
    | RefundInvoiceResponse404
    | RefundInvoiceResponse409
    | RefundInvoiceResponse413
    | RefundInvoiceResponse422
    | RefundInvoiceResponse503
    | None
):
    if response.status_code == 202:
        response_202 = RefundInvoiceResponse202.from_dict(response.json())

        return response_202

    if response.status_code == 400:
        response_400 = RefundInvoiceResponse400.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = RefundInvoiceResponse401.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = RefundInvoiceResponse403.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = RefundInvoiceResponse404.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = RefundInvoiceResponse409.from_dict(response.json())

        return response_409

    if response.status_code == 413:
        response_413 = RefundInvoiceResponse413.from_dict(response.json())

        return response_413

    if response.status_code == 422:
        response_422 = RefundInvoiceResponse422.from_dict(response.json())

        return response_422

    if response.status_code == 503:
        response_503 = RefundInvoiceResponse503.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[
    RefundInvoiceResponse202
    | RefundInvoiceResponse400
    | RefundInvoiceResponse401
    | RefundInvoiceResponse403
    | RefundInvoiceResponse404
    | RefundInvoiceResponse409
    | RefundInvoiceResponse413
    | RefundInvoiceResponse422
    | RefundInvoiceResponse503
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
    RefundInvoiceResponse202
    | RefundInvoiceResponse400
    | RefundInvoiceResponse401
    | RefundInvoiceResponse403
    | RefundInvoiceResponse404
    | RefundInvoiceResponse409
    | RefundInvoiceResponse413
    | RefundInvoiceResponse422
    | RefundInvoiceResponse503
]:
    """Refund a paid invoice (202; the result comes as refund.completed, or refund.failed when the gateway
    refuses it: it may then be asked for again)

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
        Response[RefundInvoiceResponse202 | RefundInvoiceResponse400 | RefundInvoiceResponse401 | RefundInvoiceResponse403 | RefundInvoiceResponse404 | RefundInvoiceResponse409 | RefundInvoiceResponse413 | RefundInvoiceResponse422 | RefundInvoiceResponse503]
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
    RefundInvoiceResponse202
    | RefundInvoiceResponse400
    | RefundInvoiceResponse401
    | RefundInvoiceResponse403
    | RefundInvoiceResponse404
    | RefundInvoiceResponse409
    | RefundInvoiceResponse413
    | RefundInvoiceResponse422
    | RefundInvoiceResponse503
    | None
):
    """Refund a paid invoice (202; the result comes as refund.completed, or refund.failed when the gateway
    refuses it: it may then be asked for again)

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
        RefundInvoiceResponse202 | RefundInvoiceResponse400 | RefundInvoiceResponse401 | RefundInvoiceResponse403 | RefundInvoiceResponse404 | RefundInvoiceResponse409 | RefundInvoiceResponse413 | RefundInvoiceResponse422 | RefundInvoiceResponse503
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
    RefundInvoiceResponse202
    | RefundInvoiceResponse400
    | RefundInvoiceResponse401
    | RefundInvoiceResponse403
    | RefundInvoiceResponse404
    | RefundInvoiceResponse409
    | RefundInvoiceResponse413
    | RefundInvoiceResponse422
    | RefundInvoiceResponse503
]:
    """Refund a paid invoice (202; the result comes as refund.completed, or refund.failed when the gateway
    refuses it: it may then be asked for again)

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
        Response[RefundInvoiceResponse202 | RefundInvoiceResponse400 | RefundInvoiceResponse401 | RefundInvoiceResponse403 | RefundInvoiceResponse404 | RefundInvoiceResponse409 | RefundInvoiceResponse413 | RefundInvoiceResponse422 | RefundInvoiceResponse503]
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
    RefundInvoiceResponse202
    | RefundInvoiceResponse400
    | RefundInvoiceResponse401
    | RefundInvoiceResponse403
    | RefundInvoiceResponse404
    | RefundInvoiceResponse409
    | RefundInvoiceResponse413
    | RefundInvoiceResponse422
    | RefundInvoiceResponse503
    | None
):
    """Refund a paid invoice (202; the result comes as refund.completed, or refund.failed when the gateway
    refuses it: it may then be asked for again)

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
        RefundInvoiceResponse202 | RefundInvoiceResponse400 | RefundInvoiceResponse401 | RefundInvoiceResponse403 | RefundInvoiceResponse404 | RefundInvoiceResponse409 | RefundInvoiceResponse413 | RefundInvoiceResponse422 | RefundInvoiceResponse503
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
