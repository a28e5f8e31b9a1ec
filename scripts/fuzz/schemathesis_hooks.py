"""Schemathesis hooks for fuzzing Kassa's JSON v3 API (schemathesis 4.32.x, see scripts/ensure-schemathesis.sh).

Loaded with SCHEMATHESIS_HOOKS=scripts/fuzz/schemathesis_hooks.py (scripts/fuzz/run-schemathesis.sh does it).

- before_call(context, case, kwargs): signs every request with signature version 3 headers:
  X-Login, X-Timestamp (UTC, YYYY-MM-DDThh:mm:ssZ), X-Signature-Version: 3 and
  X-Signature = hex HMAC-SHA256(password, login + hex HMAC-SHA256(password, timestamp)).
  Credentials: KASSA_FUZZ_LOGIN and KASSA_FUZZ_PASSWORD.
  Optional: KASSA_FUZZ_PROJECT_ID pins the {projectId} path parameter (unset: schemathesis generates it).
- after_call(context, case, response): tallies response status codes (workers are threads: a lock guards it).
- a CLI event handler whose shutdown (run at the end of every `schemathesis run`) merges the tally into
  the JSON file named by KASSA_FUZZ_STATUS_FILE, if set: {"<status>": count, ...}.
"""

from __future__ import annotations

import fcntl
import hashlib
import hmac
import json
import os
import tempfile
import threading
from collections import Counter
from datetime import datetime, timezone
from typing import Any

import schemathesis
from schemathesis.cli import EventHandler

SIGNATURE_HEADERS = ("X-Login", "X-Timestamp", "X-Signature-Version", "X-Signature")

_lock = threading.Lock()
_statuses: Counter[str] = Counter()
_written = False


def _hmac_hex(key: str, message: str) -> str:
    return hmac.new(key.encode("utf-8"), message.encode("utf-8"), hashlib.sha256).hexdigest()


def sign_v3(login: str, password: str, timestamp: str) -> str:
    """Kassa's signature version 3: hmac(password, login + hmac(password, timestamp)), lowercase hex."""
    return _hmac_hex(password, login + _hmac_hex(password, timestamp))


def signature_headers(login: str, password: str, now: datetime | None = None) -> dict[str, str]:
    timestamp = (now or datetime.now(timezone.utc)).astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    return {
        "X-Login": login,
        "X-Timestamp": timestamp,
        "X-Signature-Version": "3",
        "X-Signature": sign_v3(login, password, timestamp),
    }


def _credentials() -> tuple[str, str]:
    login = os.environ.get("KASSA_FUZZ_LOGIN")
    password = os.environ.get("KASSA_FUZZ_PASSWORD")
    if not login or password is None:
        raise RuntimeError("KASSA_FUZZ_LOGIN and KASSA_FUZZ_PASSWORD must be set to sign Kassa requests")
    return login, password


@schemathesis.hook
def before_call(context: Any, case: Any, kwargs: dict[str, Any]) -> None:
    login, password = _credentials()
    signed = signature_headers(login, password)
    # Drop whatever schemathesis generated for these headers, in any letter case, then set ours.
    wanted = {name.lower() for name in SIGNATURE_HEADERS}
    headers = {k: v for k, v in (case.headers or {}).items() if k.lower() not in wanted}
    headers.update(signed)
    case.headers = headers
    project_id = os.environ.get("KASSA_FUZZ_PROJECT_ID")
    if project_id and case.path_parameters is not None and "projectId" in case.path_parameters:
        case.path_parameters = {**case.path_parameters, "projectId": int(project_id)}


@schemathesis.hook
def after_call(context: Any, case: Any, response: Any) -> None:
    with _lock:
        _statuses[str(response.status_code)] += 1


def write_status_file(path: str) -> None:
    """Merges this process's tally into `path` (JSON object), under an exclusive lock, atomically."""
    directory = os.path.dirname(os.path.abspath(path))
    os.makedirs(directory, exist_ok=True)
    with _lock:
        tally = dict(_statuses)
    with open(path + ".lock", "a") as lock_file:
        fcntl.flock(lock_file, fcntl.LOCK_EX)
        try:
            merged: Counter[str] = Counter()
            try:
                with open(path, encoding="utf-8") as existing:
                    previous = json.load(existing)
                if isinstance(previous, dict):
                    merged.update({str(k): int(v) for k, v in previous.items()})
            except (FileNotFoundError, ValueError):
                pass
            merged.update(tally)
            ordered = {k: merged[k] for k in sorted(merged, key=lambda s: (len(s), s))}
            fd, tmp = tempfile.mkstemp(dir=directory, prefix=".status-", suffix=".json")
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                json.dump(ordered, out, indent=2)
                out.write("\n")
            os.replace(tmp, path)
        finally:
            fcntl.flock(lock_file, fcntl.LOCK_UN)


@schemathesis.cli.handler()
class StatusTallyWriter(EventHandler):
    """Writes the status tally once, when `schemathesis run` shuts its handlers down (also after errors)."""

    def handle_event(self, ctx: Any, event: Any) -> None:
        pass

    def shutdown(self, ctx: Any) -> None:
        global _written
        path = os.environ.get("KASSA_FUZZ_STATUS_FILE")
        if not path or _written:
            return
        _written = True
        write_status_file(path)
