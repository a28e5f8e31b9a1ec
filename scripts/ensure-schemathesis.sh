#!/usr/bin/env bash
# Installs a pinned schemathesis into .kassa/venv (idempotent: skips when that version is already there).
# Usage: scripts/ensure-schemathesis.sh   (then .kassa/venv/bin/schemathesis)
# Env: KASSA_PYTHON, the interpreter for a new venv (default python3; needs >= 3.11)
set -euo pipefail

SCHEMATHESIS_VERSION=4.32.5
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
VENV="$ROOT/.kassa/venv"
ST="$VENV/bin/schemathesis"

# Already installed at the pinned version: nothing to do.
# (Output is captured, never piped into head/grep: under pipefail a SIGPIPE would fail the script.)
have=$("$ST" --version 2>/dev/null || true)
case "$have" in
  *"version $SCHEMATHESIS_VERSION") echo "schemathesis $SCHEMATHESIS_VERSION already installed in .kassa/venv"; exit 0 ;;
esac

PYTHON=${KASSA_PYTHON:-python3}
if ! command -v "$PYTHON" >/dev/null 2>&1; then
  echo "ensure-schemathesis: $PYTHON not found; install Python >= 3.11 with the venv module (e.g. apt-get install python3 python3-venv)" >&2
  exit 1
fi
if ! "$PYTHON" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else 1)' 2>/dev/null; then
  pyv=$("$PYTHON" -c 'import sys; print("%d.%d" % sys.version_info[:2])' 2>/dev/null || true)
  echo "ensure-schemathesis: schemathesis $SCHEMATHESIS_VERSION needs Python >= 3.11, $PYTHON is ${pyv:-unknown}" >&2
  exit 1
fi
if ! "$PYTHON" -c 'import venv, ensurepip' 2>/dev/null; then
  echo "ensure-schemathesis: $PYTHON has no venv/ensurepip module (e.g. apt-get install python3-venv)" >&2
  exit 1
fi

mkdir -p "$ROOT/.kassa"
# A venv whose interpreter no longer runs (e.g. Python was upgraded) is rebuilt from scratch.
if [ -d "$VENV" ] && ! "$VENV/bin/python" -c '' >/dev/null 2>&1; then
  rm -rf "$VENV"
fi
if [ ! -x "$VENV/bin/python" ]; then
  if ! "$PYTHON" -m venv "$VENV" >/dev/null; then
    rm -rf "$VENV"
    echo "ensure-schemathesis: '$PYTHON -m venv $VENV' failed (is python3-venv installed?)" >&2
    exit 1
  fi
fi

# Every transitive dependency pinned (scripts/fuzz/schemathesis-constraints.txt): each machine gets the same tree.
CONSTRAINTS="$ROOT/scripts/fuzz/schemathesis-constraints.txt"

if ! "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check --no-input \
  -c "$CONSTRAINTS" "schemathesis==$SCHEMATHESIS_VERSION" >"$ROOT/.kassa/schemathesis-install.log" 2>&1; then
  echo "ensure-schemathesis: pip install schemathesis==$SCHEMATHESIS_VERSION failed; see .kassa/schemathesis-install.log" >&2
  exit 1
fi

have=$("$ST" --version 2>/dev/null || true)
case "$have" in
  *"version $SCHEMATHESIS_VERSION") echo "schemathesis $SCHEMATHESIS_VERSION installed in .kassa/venv" ;;
  *) echo "ensure-schemathesis: installed, but '$ST --version' says '${have:-nothing}'" >&2; exit 1 ;;
esac
