from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.authorize_contract_response_200 import AuthorizeContractResponse200
from ...models.authorize_contract_response_400 import AuthorizeContractResponse400
from ...models.authorize_contract_response_401 import AuthorizeContractResponse401
from ...models.authorize_contract_response_403 import AuthorizeContractResponse403
from ...models.authorize_contract_response_404 import AuthorizeContractResponse404
from ...models.authorize_contract_response_409 import AuthorizeContractResponse409
from ...models.authorize_contract_response_413 import AuthorizeContractResponse413
from ...models.authorize_contract_response_422 import AuthorizeContractResponse422
from ...models.authorize_contract_response_503 import AuthorizeContractResponse503
from ...models.contract_pin_request import ContractPinRequest
from ...types import UNSET, Response, Unset


def _get_kwargs(
    project_id: int,
    contract_id: UUID,
    *,
    body: ContractPinRequest,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v3/projects/{project_id}/contracts/{contract_id}/authorize".format(
            project_id=quote(str(project_id), safe=""),
            contract_id=quote(str(contract_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    AuthorizeContractResponse200
    | AuthorizeContractResponse400
    | AuthorizeContractResponse401
    | AuthorizeContractResponse403
    | AuthorizeContractResponse404
    | AuthorizeContractResponse409
    | AuthorizeContractResponse413
    | AuthorizeContractResponse422
    | AuthorizeContractResponse503
    | None
):
    if response.status_code == 200:
        response_200 = AuthorizeContractResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = AuthorizeContractResponse400.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = AuthorizeContractResponse401.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = AuthorizeContractResponse403.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = AuthorizeContractResponse404.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = AuthorizeContractResponse409.from_dict(response.json())

        return response_409

    if response.status_code == 413:
        response_413 = AuthorizeContractResponse413.from_dict(response.json())

        return response_413

    if response.status_code == 422:
        response_422 = AuthorizeContractResponse422.from_dict(response.json())

        return response_422

    if response.status_code == 503:
        response_503 = AuthorizeContractResponse503.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[
    AuthorizeContractResponse200
    | AuthorizeContractResponse400
    | AuthorizeContractResponse401
    | AuthorizeContractResponse403
    | AuthorizeContractResponse404
    | AuthorizeContractResponse409
    | AuthorizeContractResponse413
    | AuthorizeContractResponse422
    | AuthorizeContractResponse503
]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    project_id: int,
    contract_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: ContractPinRequest,
    idempotency_key: str | Unset = UNSET,
) -> Response[
    AuthorizeContractResponse200
    | AuthorizeContractResponse400
    | AuthorizeContractResponse401
    | AuthorizeContractResponse403
    | AuthorizeContractResponse404
    | AuthorizeContractResponse409
    | AuthorizeContractResponse413
    | AuthorizeContractResponse422
    | AuthorizeContractResponse503
]:
    """Confirm a contract by PIN

     Signed payload (version 4): contractId, merchant_contract_id, pin_code, client_ip.

    Args:
        project_id (int):
        contract_id (UUID):
        idempotency_key (str | Unset):
        body (ContractPinRequest):  Example: {'client_ip': '203.0.113.7', 'merchant_contract_id':
            'contract-1', 'pin_code': '1234'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AuthorizeContractResponse200 | AuthorizeContractResponse400 | AuthorizeContractResponse401 | AuthorizeContractResponse403 | AuthorizeContractResponse404 | AuthorizeContractResponse409 | AuthorizeContractResponse413 | AuthorizeContractResponse422 | AuthorizeContractResponse503]
    """

    kwargs = _get_kwargs(
        project_id=project_id,
        contract_id=contract_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    project_id: int,
    contract_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: ContractPinRequest,
    idempotency_key: str | Unset = UNSET,
) -> (
    AuthorizeContractResponse200
    | AuthorizeContractResponse400
    | AuthorizeContractResponse401
    | AuthorizeContractResponse403
    | AuthorizeContractResponse404
    | AuthorizeContractResponse409
    | AuthorizeContractResponse413
    | AuthorizeContractResponse422
    | AuthorizeContractResponse503
    | None
):
    """Confirm a contract by PIN

     Signed payload (version 4): contractId, merchant_contract_id, pin_code, client_ip.

    Args:
        project_id (int):
        contract_id (UUID):
        idempotency_key (str | Unset):
        body (ContractPinRequest):  Example: {'client_ip': '203.0.113.7', 'merchant_contract_id':
            'contract-1', 'pin_code': '1234'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AuthorizeContractResponse200 | AuthorizeContractResponse400 | AuthorizeContractResponse401 | AuthorizeContractResponse403 | AuthorizeContractResponse404 | AuthorizeContractResponse409 | AuthorizeContractResponse413 | AuthorizeContractResponse422 | AuthorizeContractResponse503
    """

    return sync_detailed(
        project_id=project_id,
        contract_id=contract_id,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    project_id: int,
    contract_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: ContractPinRequest,
    idempotency_key: str | Unset = UNSET,
) -> Response[
    AuthorizeContractResponse200
    | AuthorizeContractResponse400
    | AuthorizeContractResponse401
    | AuthorizeContractResponse403
    | AuthorizeContractResponse404
    | AuthorizeContractResponse409
    | AuthorizeContractResponse413
    | AuthorizeContractResponse422
    | AuthorizeContractResponse503
]:
    """Confirm a contract by PIN

     Signed payload (version 4): contractId, merchant_contract_id, pin_code, client_ip.

    Args:
        project_id (int):
        contract_id (UUID):
        idempotency_key (str | Unset):
        body (ContractPinRequest):  Example: {'client_ip': '203.0.113.7', 'merchant_contract_id':
            'contract-1', 'pin_code': '1234'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AuthorizeContractResponse200 | AuthorizeContractResponse400 | AuthorizeContractResponse401 | AuthorizeContractResponse403 | AuthorizeContractResponse404 | AuthorizeContractResponse409 | AuthorizeContractResponse413 | AuthorizeContractResponse422 | AuthorizeContractResponse503]
    """

    kwargs = _get_kwargs(
        project_id=project_id,
        contract_id=contract_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    project_id: int,
    contract_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: ContractPinRequest,
    idempotency_key: str | Unset = UNSET,
) -> (
    AuthorizeContractResponse200
    | AuthorizeContractResponse400
    | AuthorizeContractResponse401
    | AuthorizeContractResponse403
    | AuthorizeContractResponse404
    | AuthorizeContractResponse409
    | AuthorizeContractResponse413
    | AuthorizeContractResponse422
    | AuthorizeContractResponse503
    | None
):
    """Confirm a contract by PIN

     Signed payload (version 4): contractId, merchant_contract_id, pin_code, client_ip.

    Args:
        project_id (int):
        contract_id (UUID):
        idempotency_key (str | Unset):
        body (ContractPinRequest):  Example: {'client_ip': '203.0.113.7', 'merchant_contract_id':
            'contract-1', 'pin_code': '1234'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AuthorizeContractResponse200 | AuthorizeContractResponse400 | AuthorizeContractResponse401 | AuthorizeContractResponse403 | AuthorizeContractResponse404 | AuthorizeContractResponse409 | AuthorizeContractResponse413 | AuthorizeContractResponse422 | AuthorizeContractResponse503
    """

    return (
        await asyncio_detailed(
            project_id=project_id,
            contract_id=contract_id,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
