#!/usr/bin/env bash
# Installs the merchant-side Python tools the tests use (Standard Webhooks, openapi-core,
# openapi-python-client, xmlschema), pinned in scripts/merchant-tools/requirements.txt, into
# .kassa/merchant-venv. Idempotent: skips when that exact list is already installed.
# Env: KASSA_PYTHON, the interpreter for a new venv (default python3; needs >= 3.11: the generated Python clients import typing.Self).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
VENV="$ROOT/.kassa/merchant-venv"
REQUIREMENTS="$ROOT/scripts/merchant-tools/requirements.txt"
STAMP="$VENV/.requirements"

# The same list already installed (the stamp is a copy of it): nothing to do.
if [ -x "$VENV/bin/python" ] && "$VENV/bin/python" -c '' >/dev/null 2>&1 && [ -f "$STAMP" ] && cmp -s "$STAMP" "$REQUIREMENTS"; then
  echo "merchant tools already installed in .kassa/merchant-venv"
  exit 0
fi

PYTHON=${KASSA_PYTHON:-python3}
if ! command -v "$PYTHON" >/dev/null 2>&1; then
  echo "ensure-merchant-tools: $PYTHON not found; install Python >= 3.11 with the venv module (e.g. apt-get install python3 python3-venv)" >&2
  exit 1
fi
if ! "$PYTHON" -c 'import sys, venv, ensurepip; sys.exit(0 if sys.version_info >= (3, 11) else 1)' 2>/dev/null; then
  echo "ensure-merchant-tools: $PYTHON is older than 3.11 or has no venv/ensurepip module (e.g. apt-get install python3-venv)" >&2
  exit 1
fi

mkdir -p "$ROOT/.kassa"
rm -rf "$VENV"
"$PYTHON" -m venv "$VENV" >/dev/null
if ! "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check --no-input -r "$REQUIREMENTS" >"$ROOT/.kassa/merchant-tools-install.log" 2>&1; then
  echo "ensure-merchant-tools: pip install failed; see .kassa/merchant-tools-install.log" >&2
  exit 1
fi
cp "$REQUIREMENTS" "$STAMP"
echo "merchant tools installed in .kassa/merchant-venv"
