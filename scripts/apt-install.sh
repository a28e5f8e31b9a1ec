#!/usr/bin/env bash
# Installs Debian packages with apt-get (never a download from elsewhere), quietly, with sudo when
# not root. Used by the ensure-*.sh scripts, which first check whether the tool is there already.
set -euo pipefail
if ! command -v apt-get >/dev/null 2>&1; then
  echo "apt-install: apt-get is not available to install: $*" >&2
  exit 1
fi
sudo_or_not=""
if [ "$(id -u)" -ne 0 ]; then sudo_or_not="sudo"; fi
$sudo_or_not apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo_or_not apt-get install -y -qq --no-install-recommends "$@" >/dev/null
