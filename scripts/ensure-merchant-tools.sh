#!/usr/bin/env bash
# Installs the merchant-side Python tools the tests use (Standard Webhooks, openapi-core,
# openapi-python-client, xmlschema), pinned in scripts/merchant-tools/requirements.txt, into
# .kassa/merchant-venv. Idempotent: skips when that exact list is already installed.
# Env: KASSA_PYTHON, the interpreter for a new venv (default python3; needs >= 3.11: the generated Python clients import typing.Self).
set -euo pipefail
exec "$(dirname "${BASH_SOURCE[0]}")/pinned-venv.sh" merchant-venv scripts/merchant-tools/requirements.txt "merchant tools" 3.11
