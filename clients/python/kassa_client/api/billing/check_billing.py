from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.billing_check_by_customer import BillingCheckByCustomer
from ...models.billing_check_by_msisdn import BillingCheckByMsisdn
from ...models.check_billing_response_200 import CheckBillingResponse200
from ...models.check_billing_response_400 import CheckBillingResponse400
from ...models.check_billing_response_401 import CheckBillingResponse401
from ...models.check_billing_response_403 import CheckBillingResponse403
from ...models.check_billing_response_409 import CheckBillingResponse409
from ...models.check_billing_response_413 import CheckBillingResponse413
from ...models.check_billing_response_422 import CheckBillingResponse422
from ...models.check_billing_response_503 import CheckBillingResponse503
from ...types import UNSET, Response, Unset


def _get_kwargs(
    project_id: int,
    *,
    body: BillingCheckByCustomer | BillingCheckByMsisdn,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v3/projects/{project_id}/billing/check".format(
            project_id=quote(str(project_id), safe=""),
        ),
    }

    if isinstance(body, BillingCheckByMsisdn):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    CheckBillingResponse200
    | CheckBillingResponse400
    | CheckBillingResponse401
    | CheckBillingResponse403
    | CheckBillingResponse409
    | CheckBillingResponse413
    | CheckBillingResponse422
    | CheckBillingResponse503
    | None
):
    if response.status_code == 200:
        response_200 = CheckBillingResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = CheckBillingResponse400.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = CheckBillingResponse401.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = CheckBillingResponse403.from_dict(response.json())

        return response_403

    if response.status_code == 409:
        response_409 = CheckBillingResponse409.from_dict(response.json())

        return response_409

    if response.status_code == 413:
        response_413 = CheckBillingResponse413.from_dict(response.json())

        return response_413

    if response.status_code == 422:
        response_422 = CheckBillingResponse422.from_dict(response.json())

        return response_422

    if response.status_code == 503:
        response_503 = CheckBillingResponse503.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[
    CheckBillingResponse200
    | CheckBillingResponse400
    | CheckBillingResponse401
    | CheckBillingResponse403
    | CheckBillingResponse409
    | CheckBillingResponse413
    | CheckBillingResponse422
    | CheckBillingResponse503
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
    body: BillingCheckByCustomer | BillingCheckByMsisdn,
    idempotency_key: str | Unset = UNSET,
) -> Response[
    CheckBillingResponse200
    | CheckBillingResponse400
    | CheckBillingResponse401
    | CheckBillingResponse403
    | CheckBillingResponse409
    | CheckBillingResponse413
    | CheckBillingResponse422
    | CheckBillingResponse503
]:
    """Whether carrier billing is possible for a number

     Signed payload (version 4): customerPayload: the msisdn for {customer: {type: 'mobile_phone',
    msisdn}}; empty for the spec's {msisdn} shape, whose number is not signed.

    Args:
        project_id (int):
        idempotency_key (str | Unset):
        body (BillingCheckByCustomer | BillingCheckByMsisdn):  Example: {'msisdn': '79001234567'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CheckBillingResponse200 | CheckBillingResponse400 | CheckBillingResponse401 | CheckBillingResponse403 | CheckBillingResponse409 | CheckBillingResponse413 | CheckBillingResponse422 | CheckBillingResponse503]
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
    body: BillingCheckByCustomer | BillingCheckByMsisdn,
    idempotency_key: str | Unset = UNSET,
) -> (
    CheckBillingResponse200
    | CheckBillingResponse400
    | CheckBillingResponse401
    | CheckBillingResponse403
    | CheckBillingResponse409
    | CheckBillingResponse413
    | CheckBillingResponse422
    | CheckBillingResponse503
    | None
):
    """Whether carrier billing is possible for a number

     Signed payload (version 4): customerPayload: the msisdn for {customer: {type: 'mobile_phone',
    msisdn}}; empty for the spec's {msisdn} shape, whose number is not signed.

    Args:
        project_id (int):
        idempotency_key (str | Unset):
        body (BillingCheckByCustomer | BillingCheckByMsisdn):  Example: {'msisdn': '79001234567'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CheckBillingResponse200 | CheckBillingResponse400 | CheckBillingResponse401 | CheckBillingResponse403 | CheckBillingResponse409 | CheckBillingResponse413 | CheckBillingResponse422 | CheckBillingResponse503
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
    body: BillingCheckByCustomer | BillingCheckByMsisdn,
    idempotency_key: str | Unset = UNSET,
) -> Response[
    CheckBillingResponse200
    | CheckBillingResponse400
    | CheckBillingResponse401
    | CheckBillingResponse403
    | CheckBillingResponse409
    | CheckBillingResponse413
    | CheckBillingResponse422
    | CheckBillingResponse503
]:
    """Whether carrier billing is possible for a number

     Signed payload (version 4): customerPayload: the msisdn for {customer: {type: 'mobile_phone',
    msisdn}}; empty for the spec's {msisdn} shape, whose number is not signed.

    Args:
        project_id (int):
        idempotency_key (str | Unset):
        body (BillingCheckByCustomer | BillingCheckByMsisdn):  Example: {'msisdn': '79001234567'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CheckBillingResponse200 | CheckBillingResponse400 | CheckBillingResponse401 | CheckBillingResponse403 | CheckBillingResponse409 | CheckBillingResponse413 | CheckBillingResponse422 | CheckBillingResponse503]
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
    body: BillingCheckByCustomer | BillingCheckByMsisdn,
    idempotency_key: str | Unset = UNSET,
) -> (
    CheckBillingResponse200
    | CheckBillingResponse400
    | CheckBillingResponse401
    | CheckBillingResponse403
    | CheckBillingResponse409
    | CheckBillingResponse413
    | CheckBillingResponse422
    | CheckBillingResponse503
    | None
):
    """Whether carrier billing is possible for a number

     Signed payload (version 4): customerPayload: the msisdn for {customer: {type: 'mobile_phone',
    msisdn}}; empty for the spec's {msisdn} shape, whose number is not signed.

    Args:
        project_id (int):
        idempotency_key (str | Unset):
        body (BillingCheckByCustomer | BillingCheckByMsisdn):  Example: {'msisdn': '79001234567'}.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CheckBillingResponse200 | CheckBillingResponse400 | CheckBillingResponse401 | CheckBillingResponse403 | CheckBillingResponse409 | CheckBillingResponse413 | CheckBillingResponse422 | CheckBillingResponse503
    """

    return (
        await asyncio_detailed(
            project_id=project_id,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
