#!/usr/bin/env bash
# Fuzzes Kassa's JSON v3 API with schemathesis (installed by scripts/ensure-schemathesis.sh).
# Usage: scripts/fuzz/run-schemathesis.sh BASE_URL [extra `schemathesis run` options, e.g. --report har]
#        BASE_URL e.g. http://127.0.0.1:18080; the schema is read from BASE_URL/api/v3/openapi.json
# Env:   KASSA_FUZZ_LOGIN, KASSA_FUZZ_PASSWORD   signing credentials (required)
#        KASSA_FUZZ_EXAMPLES                     max examples per operation (default 50)
#        KASSA_FUZZ_STATUS_FILE                  JSON file the response status tally is merged into (optional)
#        KASSA_FUZZ_PROJECT_ID                   pin {projectId} (optional; default: generated)
#        KASSA_FUZZ_SEED                         hypothesis seed (optional)
#        KASSA_FUZZ_WORKERS                      concurrent workers (default: 2, but 1 on Python 3.11, see below)
# Runs from .kassa/fuzz (schemathesis/hypothesis state lands there): relative paths in extra options resolve from it.
# Exit code: schemathesis's (0 = no failures).
set -euo pipefail

if [ $# -lt 1 ]; then
  echo "usage: $0 BASE_URL [schemathesis run options]   (e.g. http://127.0.0.1:18080)" >&2
  exit 2
fi
BASE_URL=${1%/}
shift
# Only a server on this machine is ever a target.
case "$BASE_URL" in
  http://127.0.0.1:*|http://127.0.0.1|http://localhost:*|http://localhost|http://\[::1\]:*|http://\[::1\]) ;;
  *) echo "run-schemathesis: BASE_URL must be http://127.0.0.1[:port], http://localhost[:port] or http://[::1][:port]; got '$BASE_URL'" >&2; exit 2 ;;
esac
: "${KASSA_FUZZ_LOGIN:?KASSA_FUZZ_LOGIN must be set (the partner's X-Login)}"
: "${KASSA_FUZZ_PASSWORD:?KASSA_FUZZ_PASSWORD must be set (the partner's password)}"
EXAMPLES=${KASSA_FUZZ_EXAMPLES:-50}
case "$EXAMPLES" in
  ''|*[!0-9]*|0) echo "run-schemathesis: KASSA_FUZZ_EXAMPLES must be a positive integer; got '$EXAMPLES'" >&2; exit 2 ;;
esac

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
"$ROOT/scripts/ensure-schemathesis.sh"
ST="$ROOT/.kassa/venv/bin/schemathesis"

# CPython 3.11's ast.parse is not safe against a concurrent thread (hypothesis parses sources for lambda
# reprs while the other worker runs): about every other 2-worker run ended with "Runtime Error: AST
# constructor recursion depth mismatch". 3.12+ does not show it. So: 1 worker on 3.11, 2 (2 cores) otherwise.
pyver=$("$ROOT/.kassa/venv/bin/python" -c 'import sys; print("%d.%d" % sys.version_info[:2])' 2>/dev/null || true)
case "$pyver" in
  3.11) default_workers=1 ;;
  *) default_workers=2 ;;
esac
WORKERS=${KASSA_FUZZ_WORKERS:-$default_workers}
case "$WORKERS" in
  ''|*[!0-9]*|0) echo "run-schemathesis: KASSA_FUZZ_WORKERS must be a positive integer; got '$WORKERS'" >&2; exit 2 ;;
esac

# schemathesis and hypothesis keep state (.schemathesis/, .hypothesis/) in the working directory:
# run from a git-ignored one, with a config that turns the cross-run request cache off.
WORKDIR="$ROOT/.kassa/fuzz"
mkdir -p "$WORKDIR"
printf '[cache]\nenabled = false\n' >"$WORKDIR/schemathesis.toml"
if [ -n "${KASSA_FUZZ_STATUS_FILE:-}" ]; then
  case "$KASSA_FUZZ_STATUS_FILE" in
    /*) ;;
    *) KASSA_FUZZ_STATUS_FILE="$PWD/$KASSA_FUZZ_STATUS_FILE" ;;
  esac
fi

args=(
  --config-file "$WORKDIR/schemathesis.toml"
  run "$BASE_URL/api/v3/openapi.json"
  --url "$BASE_URL"
  --checks not_a_server_error,response_schema_conformance,content_type_conformance,status_code_conformance
  --max-examples "$EXAMPLES"
  --workers "$WORKERS"
  --request-timeout 10
  --max-redirects 0
  --generation-database none
  --no-color
)
if [ -n "${KASSA_FUZZ_SEED:-}" ]; then args+=(--seed "$KASSA_FUZZ_SEED"); fi
args+=("$@")

cd "$WORKDIR"
set +e
env SCHEMATHESIS_HOOKS="$ROOT/scripts/fuzz/schemathesis_hooks.py" \
  NO_PROXY="127.0.0.1,localhost,::1" no_proxy="127.0.0.1,localhost,::1" \
  KASSA_FUZZ_LOGIN="$KASSA_FUZZ_LOGIN" KASSA_FUZZ_PASSWORD="$KASSA_FUZZ_PASSWORD" \
  KASSA_FUZZ_STATUS_FILE="${KASSA_FUZZ_STATUS_FILE:-}" KASSA_FUZZ_PROJECT_ID="${KASSA_FUZZ_PROJECT_ID:-}" \
  "$ST" "${args[@]}"
rc=$?
set -e
echo "run-schemathesis: schemathesis exited with $rc"
exit "$rc"
