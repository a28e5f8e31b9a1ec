#!/usr/bin/env bash
# Makes Redis available to the tests, idempotently: redis-server (the queue's tests and the
# multi-process suites start it on free ports in temporary folders, cluster mode included), and
# redis-sentinel (the Sentinel failover suite starts three). Whatever is missing comes from Debian's
# redis-server and redis-sentinel packages (apt-get; never a download from elsewhere).
# The tests' global setup starts and stops the servers (test/redis.global-setup.ts); REDIS_URL, when
# given, is the queue adapter's server, but the failover suites always start their own.
set -euo pipefail

missing=()
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
command -v redis-sentinel >/dev/null 2>&1 || missing+=(redis-sentinel)
if [ ${#missing[@]} -eq 0 ]; then echo "redis: using $(command -v redis-server) and $(command -v redis-sentinel)"; exit 0; fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "redis: missing ${missing[*]}. Install Redis 6.2 or newer with redis-sentinel (both on PATH)." >&2
  exit 1
fi
echo "redis: installing Debian's ${missing[*]} package(s) (once)"
"$(dirname "$0")/apt-install.sh" "${missing[@]}"
# The packages start system services where one can run; the tests start their own servers.
version=$(redis-server --version 2>/dev/null || true)
case "$version" in
  *"Redis server"*) echo "redis: installed ($version)" ;;
  *) echo "redis: the redis-server package did not give a working redis-server" >&2; exit 1 ;;
esac
command -v redis-sentinel >/dev/null 2>&1 || { echo "redis: the redis-sentinel package did not give redis-sentinel" >&2; exit 1; }
