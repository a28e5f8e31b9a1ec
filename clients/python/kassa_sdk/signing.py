"""Kassa's request signature, as the API document's info.description states it.

Every request carries X-Login, X-Timestamp, X-Signature-Version and X-Signature. The key of every
HMAC is the partner password (never sent); innerHash = hmac_sha256(password, X-Timestamp).
Version 3 signs login + innerHash; version 4 prefixes the operation's requestPayload: its fields
(_operations.py, generated from the document) concatenated, a missing one as the empty string.
Version 5 (the default) signs the whole request: hmac_sha256(password, canonical request), the
canonical request being, one per line: KASSA-HMAC-SHA256-5, the method, the path as sent, the
query's pairs percent-encoded and sorted, the body's SHA-256, X-Timestamp, the login and the
Idempotency-Key (empty without one). A captured version 5 signature can only repeat its request.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import time
from collections.abc import Callable, Generator, Mapping
from typing import Any
from urllib.parse import quote

import httpx

from ._operations import OPERATIONS


def hmac_hex(key: str, message: str) -> str:
    return hmac.new(key.encode(), message.encode(), hashlib.sha256).hexdigest()


def timestamp_of(seconds: float | None = None) -> str:
    """X-Timestamp: UTC, YYYY-MM-DDThh:mm:ssZ (the server takes 20 minutes either side)."""
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(seconds))


def sign(password: str, login: str, timestamp: str, version: int = 4, payload: str = "") -> str:
    """X-Signature: version 4 signs payload + login + innerHash, version 3 login + innerHash."""
    inner = hmac_hex(password, timestamp)
    return hmac_hex(password, (payload if version == 4 else "") + login + inner)


V5_SCHEME = "KASSA-HMAC-SHA256-5"


def _encode(text: str) -> str:
    # RFC 3986: only the unreserved characters stay (as the server's canonical query does).
    return quote(text, safe="-_.~")


def canonical_request(method: str, path: str, query: list[tuple[str, str]], body: bytes, timestamp: str, login: str, idempotency_key: str = "") -> str:
    """What version 5 signs: the request's method, path (as sent), query, body, time, login and Idempotency-Key."""
    pairs = sorted((_encode(name), _encode(value)) for name, value in query)
    return "\n".join(
        [V5_SCHEME, method.upper(), path, "&".join(f"{n}={v}" for n, v in pairs), hashlib.sha256(body).hexdigest(), timestamp, login, idempotency_key]
    )


def sign_v5(password: str, canonical: str) -> str:
    """X-Signature, version 5: hmac_sha256(password, canonical request)."""
    return hmac_hex(password, canonical)


def _text(value: Any) -> str:
    # As the server prints a field: strings as they are, numbers and booleans as JavaScript does, a
    # list its items so printed and joined with "," in the order sent (event_types), else empty.
    if isinstance(value, list):
        return ",".join(_scalar(v) for v in value)
    return _scalar(value)


def _scalar(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else repr(value)
    return value if isinstance(value, str) else ""


def _at(body: Any, dotted: str) -> str:
    for key in dotted.split("."):
        if not isinstance(body, Mapping):
            return ""
        body = body.get(key)
    return _text(body)


def customer_payload(body: Any) -> str:
    """The msisdn for mobile_phone; source + country + merchant_customer_id + email for the card types."""
    kind = _at(body, "customer.type")
    if kind == "mobile_phone":
        return _at(body, "customer.msisdn")
    if kind in ("undefined_bank_card", "bank_card"):
        return "".join(_at(body, f"customer.{k}") for k in ("source", "country", "merchant_customer_id", "email"))
    return ""


def request_payload(operation: str, body: Any = None, path: Mapping[str, str] | None = None, query: Mapping[str, str] | None = None) -> str:
    """The version 4 requestPayload of `operation` (an operationId of the document)."""
    parts = []
    for source, name in OPERATIONS[operation][2]:
        if source == "customer":
            parts.append(customer_payload(body))
        elif source == "body":
            parts.append(_at(body, name))
        else:
            parts.append(((path if source == "path" else query) or {}).get(name, ""))
    return "".join(parts)


def _pattern(template: str) -> re.Pattern[str]:
    return re.compile(re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>[^/]+)", re.escape(template)) + "$")


_ROUTES = [(method, _pattern(template), operation) for operation, (method, template, _) in OPERATIONS.items()]


def operation_of(method: str, path: str) -> tuple[str, dict[str, str]]:
    """The operation a request is for, and its path parameters (a base URL's own path may precede)."""
    for route_method, pattern, operation in _ROUTES:
        match = pattern.search(path) if route_method == method.upper() else None
        if match:
            return operation, match.groupdict()
    raise ValueError(f"no Kassa operation at {method} {path}: regenerate the SDK (scripts/generate-python-client.mjs)")


SIGNATURE_USED_ELSEWHERE = "signature_used_elsewhere"
"""error.details.reason of a 401 refusing a version 3 or 4 signature first used on another operation or project."""

SIGNATURE_ALREADY_USED = "signature_already_used"
"""error.details.reason of a 401 refusing a version 5 signature of a POST without an Idempotency-Key used before."""


def _used_elsewhere(response: httpx.Response) -> bool:
    if response.status_code != 401:
        return False
    try:
        error = response.json().get("error") or {}
    except ValueError:
        return False
    return (error.get("details") or {}).get("reason") in (SIGNATURE_USED_ELSEWHERE, SIGNATURE_ALREADY_USED)


class KassaAuth(httpx.Auth):
    """Signs every request of an httpx client (and so of the generated kassa_client.Client)."""

    requires_request_body = True
    requires_response_body = True

    def __init__(self, login: str, password: str, version: int = 5, now: Callable[[], float] = time.time) -> None:
        self.login, self.password, self.version, self.now = login, password, version, now

    def auth_flow(self, request: httpx.Request) -> Generator[httpx.Request, httpx.Response, None]:
        response = yield self._signed(request, 0)
        # A signature another call of this second had first did nothing (versions 3 and 4: the same
        # payload on another operation or project; version 5: the same POST without an
        # Idempotency-Key sent twice); this is a new call, and signed a second ahead it is another.
        for ahead in (1, 2, 3):
            if not _used_elsewhere(response):
                return
            response = yield self._signed(request, ahead)

    def _signed(self, request: httpx.Request, ahead_seconds: int) -> httpx.Request:
        timestamp = timestamp_of(self.now() + ahead_seconds)
        request.headers["X-Login"] = self.login
        request.headers["X-Timestamp"] = timestamp
        request.headers["X-Signature-Version"] = str(self.version)
        if self.version == 5:
            path = request.url.raw_path.decode("ascii").split("?", 1)[0]
            key = request.headers.get("Idempotency-Key", "")
            canonical = canonical_request(request.method, path, request.url.params.multi_items(), request.content, timestamp, self.login, key)
            request.headers["X-Signature"] = sign_v5(self.password, canonical)
            return request
        payload = ""
        if self.version == 4:
            operation, params = operation_of(request.method, request.url.path)
            body = json.loads(request.content) if request.content else None
            payload = request_payload(operation, body, params, dict(request.url.params))
        request.headers["X-Signature"] = sign(self.password, self.login, timestamp, self.version, payload)
        return request
