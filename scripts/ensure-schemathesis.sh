#!/usr/bin/env bash
# Installs a pinned schemathesis into .kassa/venv (idempotent: skips when that version is already there).
# Usage: scripts/ensure-schemathesis.sh   (then .kassa/venv/bin/schemathesis)
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

PYTHON=${PYTHON:-python3}
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

# Every transitive dependency pinned, so that each machine gets the same tree.
CONSTRAINTS="$ROOT/.kassa/schemathesis-constraints.txt"
cat >"$CONSTRAINTS" <<'EOF'
anyio==4.16.0
certifi==2026.10.18
charset-normalizer==3.5.2
click==8.5.1
graphql-core==3.3.2
harfile==0.6.0
hypothesis==6.170.15
hypothesis-graphql==0.13.5
idna==3.20
iniconfig==2.3.1
jsonschema-rs==0.60.3
markdown-it-py==4.3.0
MarkupSafe==3.0.4
mdurl==0.1.2
packaging==26.3
pluggy==1.7.0
Pygments==2.21.0
pyrate-limiter==4.5.1
pytest==9.2.0
PyYAML==6.0.3
requests==2.34.2
rich==15.0.0
sortedcontainers==2.4.0
typing_extensions==4.16.0
urllib3==2.8.0
Werkzeug==3.1.9
EOF

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
