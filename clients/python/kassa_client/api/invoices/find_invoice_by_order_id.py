from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.find_invoice_by_order_id_response_200 import (
    FindInvoiceByOrderIdResponse200,
)
from ...models.find_invoice_by_order_id_response_400 import (
    FindInvoiceByOrderIdResponse400,
)
from ...models.find_invoice_by_order_id_response_401 import (
    FindInvoiceByOrderIdResponse401,
)
from ...models.find_invoice_by_order_id_response_403 import (
    FindInvoiceByOrderIdResponse403,
)
from ...models.find_invoice_by_order_id_response_404 import (
    FindInvoiceByOrderIdResponse404,
)
from ...models.find_invoice_by_order_id_response_503 import (
    FindInvoiceByOrderIdResponse503,
)
from ...types import UNSET, Response


def _get_kwargs(
    project_id: int,
    *,
    merchant_order_id: str,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["merchant_order_id"] = merchant_order_id

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v3/projects/{project_id}/invoices".format(
            project_id=quote(str(project_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    FindInvoiceByOrderIdResponse200
    | FindInvoiceByOrderIdResponse400
    | FindInvoiceByOrderIdResponse401
    | FindInvoiceByOrderIdResponse403
    | FindInvoiceByOrderIdResponse404
    | FindInvoiceByOrderIdResponse503
    | None
):
    if response.status_code == 200:
        response_200 = FindInvoiceByOrderIdResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = FindInvoiceByOrderIdResponse400.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = FindInvoiceByOrderIdResponse401.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = FindInvoiceByOrderIdResponse403.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = FindInvoiceByOrderIdResponse404.from_dict(response.json())

        return response_404

    if response.status_code == 503:
        response_503 = FindInvoiceByOrderIdResponse503.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[
    FindInvoiceByOrderIdResponse200
    | FindInvoiceByOrderIdResponse400
    | FindInvoiceByOrderIdResponse401
    | FindInvoiceByOrderIdResponse403
    | FindInvoiceByOrderIdResponse404
    | FindInvoiceByOrderIdResponse503
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
    merchant_order_id: str,
) -> Response[
    FindInvoiceByOrderIdResponse200
    | FindInvoiceByOrderIdResponse400
    | FindInvoiceByOrderIdResponse401
    | FindInvoiceByOrderIdResponse403
    | FindInvoiceByOrderIdResponse404
    | FindInvoiceByOrderIdResponse503
]:
    """The invoice of a merchant order id (msisdn masked)

     Signed payload (version 4): merchant_order_id.

    Args:
        project_id (int):
        merchant_order_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[FindInvoiceByOrderIdResponse200 | FindInvoiceByOrderIdResponse400 | FindInvoiceByOrderIdResponse401 | FindInvoiceByOrderIdResponse403 | FindInvoiceByOrderIdResponse404 | FindInvoiceByOrderIdResponse503]
    """

    kwargs = _get_kwargs(
        project_id=project_id,
        merchant_order_id=merchant_order_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    project_id: int,
    *,
    client: AuthenticatedClient | Client,
    merchant_order_id: str,
) -> (
    FindInvoiceByOrderIdResponse200
    | FindInvoiceByOrderIdResponse400
    | FindInvoiceByOrderIdResponse401
    | FindInvoiceByOrderIdResponse403
    | FindInvoiceByOrderIdResponse404
    | FindInvoiceByOrderIdResponse503
    | None
):
    """The invoice of a merchant order id (msisdn masked)

     Signed payload (version 4): merchant_order_id.

    Args:
        project_id (int):
        merchant_order_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        FindInvoiceByOrderIdResponse200 | FindInvoiceByOrderIdResponse400 | FindInvoiceByOrderIdResponse401 | FindInvoiceByOrderIdResponse403 | FindInvoiceByOrderIdResponse404 | FindInvoiceByOrderIdResponse503
    """

    return sync_detailed(
        project_id=project_id,
        client=client,
        merchant_order_id=merchant_order_id,
    ).parsed


async def asyncio_detailed(
    project_id: int,
    *,
    client: AuthenticatedClient | Client,
    merchant_order_id: str,
) -> Response[
    FindInvoiceByOrderIdResponse200
    | FindInvoiceByOrderIdResponse400
    | FindInvoiceByOrderIdResponse401
    | FindInvoiceByOrderIdResponse403
    | FindInvoiceByOrderIdResponse404
    | FindInvoiceByOrderIdResponse503
]:
    """The invoice of a merchant order id (msisdn masked)

     Signed payload (version 4): merchant_order_id.

    Args:
        project_id (int):
        merchant_order_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[FindInvoiceByOrderIdResponse200 | FindInvoiceByOrderIdResponse400 | FindInvoiceByOrderIdResponse401 | FindInvoiceByOrderIdResponse403 | FindInvoiceByOrderIdResponse404 | FindInvoiceByOrderIdResponse503]
    """

    kwargs = _get_kwargs(
        project_id=project_id,
        merchant_order_id=merchant_order_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    project_id: int,
    *,
    client: AuthenticatedClient | Client,
    merchant_order_id: str,
) -> (
    FindInvoiceByOrderIdResponse200
    | FindInvoiceByOrderIdResponse400
    | FindInvoiceByOrderIdResponse401
    | FindInvoiceByOrderIdResponse403
    | FindInvoiceByOrderIdResponse404
    | FindInvoiceByOrderIdResponse503
    | None
):
    """The invoice of a merchant order id (msisdn masked)

     Signed payload (version 4): merchant_order_id.

    Args:
        project_id (int):
        merchant_order_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        FindInvoiceByOrderIdResponse200 | FindInvoiceByOrderIdResponse400 | FindInvoiceByOrderIdResponse401 | FindInvoiceByOrderIdResponse403 | FindInvoiceByOrderIdResponse404 | FindInvoiceByOrderIdResponse503
    """

    return (
        await asyncio_detailed(
            project_id=project_id,
            client=client,
            merchant_order_id=merchant_order_id,
        )
    ).parsed
