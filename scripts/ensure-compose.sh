#!/usr/bin/env bash
# Installs podman-compose (a PyPI package), pinned in scripts/compose/requirements.txt, into
# .kassa/compose-venv: the test command reads deploy/compose.yaml through `podman-compose config`.
# Idempotent: skips when that exact list is already installed.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
VENV="$ROOT/.kassa/compose-venv"
REQUIREMENTS="$ROOT/scripts/compose/requirements.txt"
STAMP="$VENV/.requirements"

if [ -x "$VENV/bin/podman-compose" ] && [ -f "$STAMP" ] && cmp -s "$STAMP" "$REQUIREMENTS"; then
  echo "podman-compose already installed in .kassa/compose-venv"
  exit 0
fi
PYTHON=${KASSA_PYTHON:-python3}
if ! "$PYTHON" -c 'import venv, ensurepip' 2>/dev/null; then
  echo "ensure-compose: $PYTHON has no venv/ensurepip module (e.g. apt-get install python3-venv)" >&2
  exit 1
fi
mkdir -p "$ROOT/.kassa"
rm -rf "$VENV"
"$PYTHON" -m venv "$VENV" >/dev/null
if ! "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check --no-input -r "$REQUIREMENTS" >"$ROOT/.kassa/compose-install.log" 2>&1; then
  echo "ensure-compose: pip install failed; see .kassa/compose-install.log" >&2
  exit 1
fi
cp "$REQUIREMENTS" "$STAMP"
echo "podman-compose installed in .kassa/compose-venv"
