#!/usr/bin/env bash
# A Python venv at .kassa/<name> holding exactly a pinned requirements file, installed idempotently:
# skipped when that exact list is already installed (a copy of the file is the stamp).
# Usage: scripts/pinned-venv.sh <name> <requirements file> <what, for messages> [minimum Python, e.g. 3.11]
# Env: KASSA_PYTHON, the interpreter for a new venv (default python3).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
name=$1
REQUIREMENTS="$ROOT/$2"
what=$3
minimum=${4:-3.8}
VENV="$ROOT/.kassa/$name"
STAMP="$VENV/.requirements"
LOG="$ROOT/.kassa/$name-install.log"

if [ -x "$VENV/bin/python" ] && "$VENV/bin/python" -c '' >/dev/null 2>&1 && [ -f "$STAMP" ] && cmp -s "$STAMP" "$REQUIREMENTS"; then
  echo "$what already installed in .kassa/$name"
  exit 0
fi

PYTHON=${KASSA_PYTHON:-python3}
if ! command -v "$PYTHON" >/dev/null 2>&1; then
  echo "$what: $PYTHON not found; install Python >= $minimum with the venv module (e.g. apt-get install python3 python3-venv)" >&2
  exit 1
fi
if ! "$PYTHON" -c "import sys, venv, ensurepip; sys.exit(0 if sys.version_info >= tuple(map(int, '$minimum'.split('.'))) else 1)" 2>/dev/null; then
  echo "$what: $PYTHON is older than $minimum or has no venv/ensurepip module (e.g. apt-get install python3-venv)" >&2
  exit 1
fi

mkdir -p "$ROOT/.kassa"
rm -rf "$VENV"
"$PYTHON" -m venv "$VENV" >/dev/null
if ! "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check --no-input -r "$REQUIREMENTS" >"$LOG" 2>&1; then
  echo "$what: pip install failed; see .kassa/$name-install.log" >&2
  exit 1
fi
cp "$REQUIREMENTS" "$STAMP"
echo "$what installed in .kassa/$name"
