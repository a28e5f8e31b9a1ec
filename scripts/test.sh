#!/usr/bin/env bash
# Installs what the tests need, idempotently, then runs every test: the README's test command.
set -euo pipefail
cd "$(dirname "$0")/.."
# Its duration, passed or failed (the README states a fresh run's).
trap 'echo "the test command took ${SECONDS} s (provisioning included)"' EXIT

# npm packages: a clean install when the lock file changed since the last one (or never ran). It fails
# on a package whose `engines` exclude this Node (engine-strict, as .npmrc sets for every install):
# Kassa promises Node 20.19, and a dependency that needs a newer one must not slip in as a warning.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund --engine-strict
fi

# A MongoDB-compatible server: MONGO_URL, a mongod on PATH, or mongo-java-server fetched once (Java 17, Maven).
./scripts/ensure-mongo.sh

# Redis for the queue adapter's tests: REDIS_URL, a redis-server on PATH, or Debian's package.
./scripts/ensure-redis.sh

# xmllint: the end-to-end tests validate every XML answer against the service's XSD.
./scripts/ensure-xmllint.sh

# promtool (Debian's prometheus package): the alert rules in deploy/ are checked and unit-tested with it.
./scripts/ensure-promtool.sh

# Chromium (Debian's package) for the widget and payment-page tests, driven by playwright-core.
./scripts/ensure-chromium.sh

# The merchant-side Python tools (Standard Webhooks, openapi-core, openapi-python-client, xmlschema),
# pinned, in .kassa/merchant-venv: the tests check Kassa with them as merchants use them.
./scripts/ensure-merchant-tools.sh

npm test
