#!/usr/bin/env bash
# Makes a Chromium available to the widget and payment-page tests (driven by playwright-core),
# idempotently: KASSA_CHROMIUM given -> that binary; /usr/bin/chromium -> nothing to do; otherwise
# Debian's chromium package. Never a browser download by a test tool (it fails on this machine).
set -euo pipefail

if [ -n "${KASSA_CHROMIUM:-}" ]; then echo "chromium: using KASSA_CHROMIUM=$KASSA_CHROMIUM"; exit 0; fi
if [ -x /usr/bin/chromium ]; then echo "chromium: using /usr/bin/chromium"; exit 0; fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "chromium: not found. Install Chromium and set KASSA_CHROMIUM to its binary." >&2
  exit 1
fi
echo "chromium: installing Debian's chromium package (once, about a minute)"
"$(dirname "$0")/apt-install.sh" chromium fonts-liberation
version=$(/usr/bin/chromium --version 2>/dev/null || true)
case "$version" in
  *Chromium*) echo "chromium: installed ($version)" ;;
  *) echo "chromium: the chromium package did not give a working /usr/bin/chromium" >&2; exit 1 ;;
esac
