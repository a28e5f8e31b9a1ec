#!/usr/bin/env bash
# Installs what the tests need, idempotently, then runs every test: the README's test command.
set -euo pipefail
cd "$(dirname "$0")/.."

# npm packages: a clean install when the lock file changed since the last one (or never ran). It fails
# on a package whose `engines` exclude this Node (engine-strict, as .npmrc sets for every install):
# Kassa promises Node 20.19, and a dependency that needs a newer one must not slip in as a warning.
# A fresh clone: no .kassa yet (the servers, tools and venv the scripts below fetch land there) or no
# npm packages. Its duration is held to the README's figure for a fresh run, else to a provisioned one.
fresh=0
[ -d .kassa ] || fresh=1
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund --engine-strict
  fresh=1
fi
# A failed run says how long it took too.
trap 'code=$?; [ "$code" -eq 0 ] || echo "the test command failed after ${SECONDS} s"' EXIT

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

# Podman with runc (Debian's packages) and the Node base image, pulled or its stand-in built once: the
# release test builds Kassa's container image and runs it.
./scripts/ensure-node-base.sh

# podman-compose (PyPI, pinned, in .kassa/compose-venv): deploy/compose.yaml is read through it.
./scripts/ensure-compose.sh

# The merchant-side Python tools (Standard Webhooks, openapi-core, openapi-python-client, xmlschema),
# pinned, in .kassa/merchant-venv: the tests check Kassa with them as merchants use them.
./scripts/ensure-merchant-tools.sh

# The previous release (releases.json's newest), built once from its commit in a git worktree under
# .kassa/previous: the upgrade test runs its processes beside this checkout's.
node scripts/ensure-previous-release.mjs >/dev/null

# vitest keeps transformed sources on disk (fsModuleCache); its key leaves out the tsconfig files the
# transform reads, so a changed tsconfig clears it.
cache=node_modules/.experimental-vitest-cache
if [ -d "$cache" ] && [ -n "$(find . -maxdepth 4 -name 'tsconfig*.json' -not -path './node_modules/*' -newer "$cache" -print -quit)" ]; then
  rm -rf "$cache"
fi

npm test

# Its duration, against the README's figure for a fresh or a provisioned run (more than 1.5x fails).
node scripts/check-test-duration.mjs "$SECONDS" "$fresh"
