#!/usr/bin/env bash
# Fuzzes Kassa's JSON v3 API with schemathesis (installed by scripts/ensure-schemathesis.sh).
# Usage: scripts/fuzz/run-schemathesis.sh BASE_URL      e.g. http://127.0.0.1:18080
# Env:   KASSA_FUZZ_LOGIN, KASSA_FUZZ_PASSWORD   signing credentials (required)
#        KASSA_FUZZ_EXAMPLES                     max examples per operation (default 50)
#        KASSA_FUZZ_STATUS_FILE                  JSON file the response status tally is merged into (optional)
#        KASSA_FUZZ_PROJECT_ID                   pin {projectId} (optional; default: generated)
#        KASSA_FUZZ_SEED                         hypothesis seed (optional)
# Exit code: schemathesis's (0 = no failures).
set -euo pipefail

if [ $# -ne 1 ]; then
  echo "usage: $0 BASE_URL   (e.g. http://127.0.0.1:18080)" >&2
  exit 2
fi
BASE_URL=${1%/}
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
  --workers 2
  --request-timeout 10
  --max-redirects 0
  --generation-database none
  --no-color
)
if [ -n "${KASSA_FUZZ_SEED:-}" ]; then args+=(--seed "$KASSA_FUZZ_SEED"); fi

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
