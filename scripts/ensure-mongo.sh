#!/usr/bin/env bash
# Makes a MongoDB-compatible server available to the tests, idempotently:
#   MONGO_URL given  -> nothing to do (the tests use it);
#   mongod on PATH   -> nothing to do (the tests start it);
#   otherwise        -> FerretDB 1.24.2 (Apache-2.0, SQLite backend) built once into .kassa/bin.
# The tests' global setup starts and stops the server (test/mongo.global-setup.ts).
set -euo pipefail
cd "$(dirname "$0")/.."

FERRETDB_VERSION=v1.24.2
# Our build's version names the patch below, so an unpatched build from before is rebuilt.
BUILD_VERSION=$FERRETDB_VERSION-kassa.1
BIN=.kassa/bin/ferretdb

if [ -n "${MONGO_URL:-}" ]; then echo "mongo: using MONGO_URL"; exit 0; fi
if command -v mongod >/dev/null 2>&1; then echo "mongo: using $(command -v mongod)"; exit 0; fi
# The version is read into a variable, never piped into head or grep -q: under pipefail a reader
# that stops early kills the writer with SIGPIPE (exit 141), at random.
built_version() { [ -x "$BIN" ] && "$BIN" --version 2>/dev/null || true; }
case "$(built_version)" in *"${BUILD_VERSION#v}"*) echo "mongo: using $BIN"; exit 0 ;; esac

if ! command -v go >/dev/null 2>&1; then
  echo "mongo: no MongoDB-compatible server. Set MONGO_URL, put mongod (4.4 or newer) on PATH," >&2
  echo "       or install Go so that FerretDB $FERRETDB_VERSION can be built." >&2
  exit 1
fi

echo "mongo: building FerretDB $FERRETDB_VERSION (once; a few minutes)"
mkdir -p .kassa/bin
# `go install ...@version` gives a binary that panics at start: the module has no
# build/version/version.txt (FerretDB generates it in its own build). So: download the module
# through the Go module proxy, copy it, write that file, and build from the copy.
info=$(go mod download -json "github.com/FerretDB/FerretDB@$FERRETDB_VERSION")
module=$(sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p' <<< "$info")
src=$(mktemp -d)
trap 'chmod -R u+w "$src"; rm -rf "$src"' EXIT
cp -r "$module/." "$src"
chmod -R u+w "$src"
echo "$BUILD_VERSION" > "$src/build/version/version.txt"
# The patch: the SQLite backend indexes `_id` as `_ferretdb_sjson->"_id"` but looks it up by
# `_ferretdb_sjson->'$._id'`, so SQLite never uses the index and every read, update and delete by
# `_id` scans the whole table (78 ms at 20,000 documents; 1.2 ms with the patch). The lookup is
# made to use the index's own expression; nothing else changes.
metadata="$src/internal/backends/sqlite/metadata/metadata.go"
sed -i "s|IDColumn = DefaultColumn + \"->'\\$._id'\"|IDColumn = DefaultColumn + \`->\"_id\"\`|" "$metadata"
grep -q 'IDColumn = DefaultColumn + `->"_id"`' "$metadata" || { echo "mongo: the FerretDB patch did not apply" >&2; exit 1; }
(cd "$src" && GOFLAGS=-mod=mod go build -trimpath -o "$OLDPWD/$BIN" ./cmd/ferretdb)
case "$(built_version)" in
  *"${BUILD_VERSION#v}"*) echo "mongo: built $BIN" ;;
  *) echo "mongo: the FerretDB build did not produce a working $BIN" >&2; exit 1 ;;
esac
