#!/usr/bin/env bash
# Makes xmllint available to the tests (they validate every XML answer against the service's XSD),
# idempotently: xmllint on PATH -> nothing to do; otherwise Debian's libxml2-utils package.
set -euo pipefail

if command -v xmllint >/dev/null 2>&1; then echo "xmllint: using $(command -v xmllint)"; exit 0; fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "xmllint: not found. Install libxml2's xmllint (Debian/Ubuntu: libxml2-utils; macOS: it comes with the system)." >&2
  exit 1
fi
echo "xmllint: installing Debian's libxml2-utils package (once)"
"$(dirname "$0")/apt-install.sh" libxml2-utils
version=$(xmllint --version 2>&1 || true)
case "$version" in
  *"using libxml"*) echo "xmllint: installed" ;;
  *) echo "xmllint: the libxml2-utils package did not give a working xmllint" >&2; exit 1 ;;
esac
