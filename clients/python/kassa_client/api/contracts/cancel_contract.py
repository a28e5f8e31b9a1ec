from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.cancel_contract_response_200 import CancelContractResponse200
from ...models.cancel_contract_response_400 import CancelContractResponse400
from ...models.cancel_contract_response_401 import CancelContractResponse401
from ...models.cancel_contract_response_403 import CancelContractResponse403
from ...models.cancel_contract_response_404 import CancelContractResponse404
from ...models.cancel_contract_response_409 import CancelContractResponse409
from ...models.cancel_contract_response_413 import CancelContractResponse413
from ...models.cancel_contract_response_422 import CancelContractResponse422
from ...models.cancel_contract_response_503 import CancelContractResponse503
from ...models.contract_cancel_request import ContractCancelRequest
from ...types import UNSET, Response, Unset


def _get_kwargs(
    project_id: int,
    contract_id: UUID,
    *,
    body: ContractCancelRequest | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v3/projects/{project_id}/contracts/{contract_id}/cancel".format(
            project_id=quote(str(project_id), safe=""),
            contract_id=quote(str(contract_id), safe=""),
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
    CancelContractResponse200
    | CancelContractResponse400
    | CancelContractResponse401
    | CancelContractResponse403
    | CancelContractResponse404
    | CancelContractResponse409
    | CancelContractResponse413
    | CancelContractResponse422
    | CancelContractResponse503
    | None
):
    if response.status_code == 200:
        response_200 = CancelContractResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = CancelContractResponse400.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = CancelContractResponse401.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = CancelContractResponse403.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = CancelContractResponse404.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = CancelContractResponse409.from_dict(response.json())

        return response_409

    if response.status_code == 413:
        response_413 = CancelContractResponse413.from_dict(response.json())

        return response_413

    if response.status_code == 422:
        response_422 = CancelContractResponse422.from_dict(response.json())

        return response_422

    if response.status_code == 503:
        response_503 = CancelContractResponse503.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[
    CancelContractResponse200
    | CancelContractResponse400
    | CancelContractResponse401
    | CancelContractResponse403
    | CancelContractResponse404
    | CancelContractResponse409
    | CancelContractResponse413
    | CancelContractResponse422
    | CancelContractResponse503
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
    body: ContractCancelRequest | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[
    CancelContractResponse200
    | CancelContractResponse400
    | CancelContractResponse401
    | CancelContractResponse403
    | CancelContractResponse404
    | CancelContractResponse409
    | CancelContractResponse413
    | CancelContractResponse422
    | CancelContractResponse503
]:
    """Cancel a contract (an empty body is fine)

     Signed payload (version 4): contractId, merchant_contract_id, client_ip.

    Args:
        project_id (int):
        contract_id (UUID):
        idempotency_key (str | Unset):
        body (ContractCancelRequest | Unset):  Example: {'client_ip': '203.0.113.7',
            'merchant_contract_id': 'contract-1'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CancelContractResponse200 | CancelContractResponse400 | CancelContractResponse401 | CancelContractResponse403 | CancelContractResponse404 | CancelContractResponse409 | CancelContractResponse413 | CancelContractResponse422 | CancelContractResponse503]
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
    body: ContractCancelRequest | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> (
    CancelContractResponse200
    | CancelContractResponse400
    | CancelContractResponse401
    | CancelContractResponse403
    | CancelContractResponse404
    | CancelContractResponse409
    | CancelContractResponse413
    | CancelContractResponse422
    | CancelContractResponse503
    | None
):
    """Cancel a contract (an empty body is fine)

     Signed payload (version 4): contractId, merchant_contract_id, client_ip.

    Args:
        project_id (int):
        contract_id (UUID):
        idempotency_key (str | Unset):
        body (ContractCancelRequest | Unset):  Example: {'client_ip': '203.0.113.7',
            'merchant_contract_id': 'contract-1'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CancelContractResponse200 | CancelContractResponse400 | CancelContractResponse401 | CancelContractResponse403 | CancelContractResponse404 | CancelContractResponse409 | CancelContractResponse413 | CancelContractResponse422 | CancelContractResponse503
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
    body: ContractCancelRequest | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[
    CancelContractResponse200
    | CancelContractResponse400
    | CancelContractResponse401
    | CancelContractResponse403
    | CancelContractResponse404
    | CancelContractResponse409
    | CancelContractResponse413
    | CancelContractResponse422
    | CancelContractResponse503
]:
    """Cancel a contract (an empty body is fine)

     Signed payload (version 4): contractId, merchant_contract_id, client_ip.

    Args:
        project_id (int):
        contract_id (UUID):
        idempotency_key (str | Unset):
        body (ContractCancelRequest | Unset):  Example: {'client_ip': '203.0.113.7',
            'merchant_contract_id': 'contract-1'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CancelContractResponse200 | CancelContractResponse400 | CancelContractResponse401 | CancelContractResponse403 | CancelContractResponse404 | CancelContractResponse409 | CancelContractResponse413 | CancelContractResponse422 | CancelContractResponse503]
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
    body: ContractCancelRequest | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> (
    CancelContractResponse200
    | CancelContractResponse400
    | CancelContractResponse401
    | CancelContractResponse403
    | CancelContractResponse404
    | CancelContractResponse409
    | CancelContractResponse413
    | CancelContractResponse422
    | CancelContractResponse503
    | None
):
    """Cancel a contract (an empty body is fine)

     Signed payload (version 4): contractId, merchant_contract_id, client_ip.

    Args:
        project_id (int):
        contract_id (UUID):
        idempotency_key (str | Unset):
        body (ContractCancelRequest | Unset):  Example: {'client_ip': '203.0.113.7',
            'merchant_contract_id': 'contract-1'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CancelContractResponse200 | CancelContractResponse400 | CancelContractResponse401 | CancelContractResponse403 | CancelContractResponse404 | CancelContractResponse409 | CancelContractResponse413 | CancelContractResponse422 | CancelContractResponse503
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
