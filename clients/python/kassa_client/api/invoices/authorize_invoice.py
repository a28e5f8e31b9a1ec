from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.authorize_invoice_response_200 import AuthorizeInvoiceResponse200
from ...models.authorize_invoice_response_400 import AuthorizeInvoiceResponse400
from ...models.authorize_invoice_response_401 import AuthorizeInvoiceResponse401
from ...models.authorize_invoice_response_403 import AuthorizeInvoiceResponse403
from ...models.authorize_invoice_response_404 import AuthorizeInvoiceResponse404
from ...models.authorize_invoice_response_409 import AuthorizeInvoiceResponse409
from ...models.authorize_invoice_response_413 import AuthorizeInvoiceResponse413
from ...models.authorize_invoice_response_422 import AuthorizeInvoiceResponse422
from ...models.authorize_invoice_response_503 import AuthorizeInvoiceResponse503
from ...models.pin_request import PinRequest
from ...types import UNSET, Response, Unset


def _get_kwargs(
    project_id: int,
    invoice_id: UUID,
    *,
    body: PinRequest,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v3/projects/{project_id}/invoices/{invoice_id}/authorize".format(
            project_id=quote(str(project_id), safe=""),
            invoice_id=quote(str(invoice_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    AuthorizeInvoiceResponse200
    | AuthorizeInvoiceResponse400
    | AuthorizeInvoiceResponse401
    | AuthorizeInvoiceResponse403
    | AuthorizeInvoiceResponse404
    | AuthorizeInvoiceResponse409
    | AuthorizeInvoiceResponse413
    | AuthorizeInvoiceResponse422
    | AuthorizeInvoiceResponse503
    | None
):
    if response.status_code == 200:
        response_200 = AuthorizeInvoiceResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = AuthorizeInvoiceResponse400.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = AuthorizeInvoiceResponse401.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = AuthorizeInvoiceResponse403.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = AuthorizeInvoiceResponse404.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = AuthorizeInvoiceResponse409.from_dict(response.json())

        return response_409

    if response.status_code == 413:
        response_413 = AuthorizeInvoiceResponse413.from_dict(response.json())

        return response_413

    if response.status_code == 422:
        response_422 = AuthorizeInvoiceResponse422.from_dict(response.json())

        return response_422

    if response.status_code == 503:
        response_503 = AuthorizeInvoiceResponse503.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[
    AuthorizeInvoiceResponse200
    | AuthorizeInvoiceResponse400
    | AuthorizeInvoiceResponse401
    | AuthorizeInvoiceResponse403
    | AuthorizeInvoiceResponse404
    | AuthorizeInvoiceResponse409
    | AuthorizeInvoiceResponse413
    | AuthorizeInvoiceResponse422
    | AuthorizeInvoiceResponse503
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
    body: PinRequest,
    idempotency_key: str | Unset = UNSET,
) -> Response[
    AuthorizeInvoiceResponse200
    | AuthorizeInvoiceResponse400
    | AuthorizeInvoiceResponse401
    | AuthorizeInvoiceResponse403
    | AuthorizeInvoiceResponse404
    | AuthorizeInvoiceResponse409
    | AuthorizeInvoiceResponse413
    | AuthorizeInvoiceResponse422
    | AuthorizeInvoiceResponse503
]:
    """Confirm an SMS_PIN invoice by PIN

     Signed payload (version 4): invoiceId, pin_code, client_ip.

    Args:
        project_id (int):
        invoice_id (UUID):
        idempotency_key (str | Unset):
        body (PinRequest):  Example: {'client_ip': '203.0.113.7', 'pin_code': '1234'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AuthorizeInvoiceResponse200 | AuthorizeInvoiceResponse400 | AuthorizeInvoiceResponse401 | AuthorizeInvoiceResponse403 | AuthorizeInvoiceResponse404 | AuthorizeInvoiceResponse409 | AuthorizeInvoiceResponse413 | AuthorizeInvoiceResponse422 | AuthorizeInvoiceResponse503]
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
    body: PinRequest,
    idempotency_key: str | Unset = UNSET,
) -> (
    AuthorizeInvoiceResponse200
    | AuthorizeInvoiceResponse400
    | AuthorizeInvoiceResponse401
    | AuthorizeInvoiceResponse403
    | AuthorizeInvoiceResponse404
    | AuthorizeInvoiceResponse409
    | AuthorizeInvoiceResponse413
    | AuthorizeInvoiceResponse422
    | AuthorizeInvoiceResponse503
    | None
):
    """Confirm an SMS_PIN invoice by PIN

     Signed payload (version 4): invoiceId, pin_code, client_ip.

    Args:
        project_id (int):
        invoice_id (UUID):
        idempotency_key (str | Unset):
        body (PinRequest):  Example: {'client_ip': '203.0.113.7', 'pin_code': '1234'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AuthorizeInvoiceResponse200 | AuthorizeInvoiceResponse400 | AuthorizeInvoiceResponse401 | AuthorizeInvoiceResponse403 | AuthorizeInvoiceResponse404 | AuthorizeInvoiceResponse409 | AuthorizeInvoiceResponse413 | AuthorizeInvoiceResponse422 | AuthorizeInvoiceResponse503
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
    body: PinRequest,
    idempotency_key: str | Unset = UNSET,
) -> Response[
    AuthorizeInvoiceResponse200
    | AuthorizeInvoiceResponse400
    | AuthorizeInvoiceResponse401
    | AuthorizeInvoiceResponse403
    | AuthorizeInvoiceResponse404
    | AuthorizeInvoiceResponse409
    | AuthorizeInvoiceResponse413
    | AuthorizeInvoiceResponse422
    | AuthorizeInvoiceResponse503
]:
    """Confirm an SMS_PIN invoice by PIN

     Signed payload (version 4): invoiceId, pin_code, client_ip.

    Args:
        project_id (int):
        invoice_id (UUID):
        idempotency_key (str | Unset):
        body (PinRequest):  Example: {'client_ip': '203.0.113.7', 'pin_code': '1234'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AuthorizeInvoiceResponse200 | AuthorizeInvoiceResponse400 | AuthorizeInvoiceResponse401 | AuthorizeInvoiceResponse403 | AuthorizeInvoiceResponse404 | AuthorizeInvoiceResponse409 | AuthorizeInvoiceResponse413 | AuthorizeInvoiceResponse422 | AuthorizeInvoiceResponse503]
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
    body: PinRequest,
    idempotency_key: str | Unset = UNSET,
) -> (
    AuthorizeInvoiceResponse200
    | AuthorizeInvoiceResponse400
    | AuthorizeInvoiceResponse401
    | AuthorizeInvoiceResponse403
    | AuthorizeInvoiceResponse404
    | AuthorizeInvoiceResponse409
    | AuthorizeInvoiceResponse413
    | AuthorizeInvoiceResponse422
    | AuthorizeInvoiceResponse503
    | None
):
    """Confirm an SMS_PIN invoice by PIN

     Signed payload (version 4): invoiceId, pin_code, client_ip.

    Args:
        project_id (int):
        invoice_id (UUID):
        idempotency_key (str | Unset):
        body (PinRequest):  Example: {'client_ip': '203.0.113.7', 'pin_code': '1234'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AuthorizeInvoiceResponse200 | AuthorizeInvoiceResponse400 | AuthorizeInvoiceResponse401 | AuthorizeInvoiceResponse403 | AuthorizeInvoiceResponse404 | AuthorizeInvoiceResponse409 | AuthorizeInvoiceResponse413 | AuthorizeInvoiceResponse422 | AuthorizeInvoiceResponse503
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
