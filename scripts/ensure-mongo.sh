#!/usr/bin/env bash
# Makes a MongoDB-compatible server available to the tests, idempotently:
#   MONGO_URL given  -> nothing to do (the tests use it);
#   mongod on PATH   -> nothing to do (the tests start it);
#   otherwise        -> mongo-java-server 1.47.0 (Apache-2.0) from Maven Central with Kassa's small
#                       launcher (packages/devkit/mongo-test-server), built once into
#                       .kassa/mongo-java-server. Needs Java 17+ and Maven.
# The tests' global setup starts and stops the server (test/mongo.global-setup.ts).
set -euo pipefail
cd "$(dirname "$0")/.."

SRC=packages/devkit/mongo-test-server
OUT=.kassa/mongo-java-server

if [ -n "${MONGO_URL:-}" ]; then echo "mongo: using MONGO_URL"; exit 0; fi
if command -v mongod >/dev/null 2>&1; then echo "mongo: using $(command -v mongod)"; exit 0; fi

# What was built is named by the hash of what it was built from: a changed pom or launcher rebuilds.
want=$(cat "$SRC/pom.xml" "$SRC/KassaMongoTestServer.java" | sha256sum | cut -d' ' -f1)
have=$(cat "$OUT/built-from" 2>/dev/null || true)
if [ "$want" = "$have" ] && [ -f "$OUT/classes/KassaMongoTestServer.class" ]; then echo "mongo: using $OUT (mongo-java-server)"; exit 0; fi

for tool in java javac mvn; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "mongo: no MongoDB-compatible server. Set MONGO_URL, put mongod (5.0 or newer) on PATH," >&2
    echo "       or install Java 17 and Maven so that mongo-java-server can be fetched ($tool is missing)." >&2
    exit 1
  fi
done

echo "mongo: fetching mongo-java-server 1.47.0 from Maven Central (once)"
rm -rf "$OUT"
mkdir -p "$OUT/classes"
mvn -q -B -f "$SRC/pom.xml" org.apache.maven.plugins:maven-dependency-plugin:3.8.1:copy-dependencies \
  -DoutputDirectory="$PWD/$OUT/lib" -DincludeScope=runtime
javac -d "$OUT/classes" -cp "$OUT/lib/*" "$SRC/KassaMongoTestServer.java"
echo "$want" > "$OUT/built-from"
echo "mongo: built $OUT (mongo-java-server)"
