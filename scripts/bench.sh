#!/usr/bin/env bash
# `npm run bench`: every benchmark, in order, each in a process of its own. A benchmark that misses a
# target prints NOT MET and exits 1; the others still run, and this script then exits 1 naming them.
set -uo pipefail
cd "$(dirname "$0")/.."
npx tsc -b || exit 1
bash scripts/ensure-redis.sh >/dev/null || exit 1
missed=()
for bench in json-api tracing data-dir xml-api auth-timing machine-step log-destination memory metrics-scrape retention mongo storage-size webhooks webhooks-redis subscriptions test-clock test-clock-probe test-clock-memory dashboard-list; do
  node "packages/devkit/dist/bench/${bench}.bench.js" || missed+=("$bench")
done
if [ "${#missed[@]}" -gt 0 ]; then
  echo "benchmarks that missed a target (or failed): ${missed[*]}"
  exit 1
fi
echo "every benchmark met its targets"
