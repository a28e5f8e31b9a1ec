#!/usr/bin/env bash
# Makes a Redis server available to the tests, idempotently:
#   REDIS_URL given         -> nothing to do (the tests use it);
#   redis-server on PATH    -> nothing to do (the tests start it on a free port in a temporary folder);
#   otherwise               -> Debian's redis-server package (apt-get; never a download from elsewhere).
# The tests' global setup starts and stops the server (test/redis.global-setup.ts).
set -euo pipefail

if [ -n "${REDIS_URL:-}" ]; then echo "redis: using REDIS_URL"; exit 0; fi
if command -v redis-server >/dev/null 2>&1; then echo "redis: using $(command -v redis-server)"; exit 0; fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "redis: no redis-server. Set REDIS_URL, or install Redis 6.2 or newer (redis-server on PATH)." >&2
  exit 1
fi
echo "redis: installing Debian's redis-server package (once)"
"$(dirname "$0")/apt-install.sh" redis-server
# The package starts a system service where one can run; the tests start their own server.
version=$(redis-server --version 2>/dev/null || true)
case "$version" in
  *"Redis server"*) echo "redis: installed ($version)" ;;
  *) echo "redis: the redis-server package did not give a working redis-server" >&2; exit 1 ;;
esac
