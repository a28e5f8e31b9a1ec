"""Verifying Kassa's webhooks: they are Standard Webhooks (https://www.standardwebhooks.com/)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from standardwebhooks.webhooks import Webhook, WebhookVerificationError

__all__ = ["WebhookVerificationError", "verify_webhook"]


def verify_webhook(secret: str, body: bytes | str, headers: Mapping[str, str]) -> dict[str, Any]:
    """The event of a delivery whose webhook-id, webhook-timestamp and webhook-signature headers check
    out with the project's secret (whsec_...); raises WebhookVerificationError otherwise.

    Pass the body exactly as received (before any JSON parsing) and answer 2xx only after this
    returns. The event's id is the `webhook-id` header, not a field of the body: it is the same on
    every retry and redelivery, so de-duplicate on `headers["webhook-id"]`.
    """
    return Webhook(secret).verify(body, dict(headers))
