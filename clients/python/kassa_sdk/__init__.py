"""The hand-written half of Kassa's Python SDK: signed requests and verified webhooks.

The typed API is kassa_client (generated from the served OpenAPI document); `client()` gives one
that signs every request.
"""

from __future__ import annotations

from typing import Any

from kassa_client import Client

from .signing import KassaAuth, canonical_request, customer_payload, operation_of, request_payload, sign, sign_v5, timestamp_of
from .webhooks import WebhookVerificationError, verify_webhook

__all__ = [
    "KassaAuth",
    "WebhookVerificationError",
    "canonical_request",
    "client",
    "customer_payload",
    "operation_of",
    "request_payload",
    "sign",
    "sign_v5",
    "timestamp_of",
    "verify_webhook",
]


def client(base_url: str, login: str, password: str, version: int = 5, **options: Any) -> Client:
    """A kassa_client.Client signing with the partner's login and password (signature `version` 5, or the spec's 3 or 4)."""
    httpx_args = {**options.pop("httpx_args", {}), "auth": KassaAuth(login, password, version)}
    return Client(base_url=base_url, httpx_args=httpx_args, **options)
