#!/usr/bin/env bash
# Makes promtool available to the tests (test/deploy.test.ts checks deploy/prometheus/kassa-alerts.yml
# with `promtool check rules`), idempotently: promtool on PATH -> nothing to do; otherwise Debian's
# prometheus package, which ships /usr/bin/promtool.
# Note: that package also installs the Prometheus server as a service. On a host running systemd (or
# without a policy-rc.d that forbids it, as Docker images have) the install starts that service,
# listening on :9090; stop and disable it if the machine should not run one
# (`systemctl disable --now prometheus`). Only promtool is used here.
set -euo pipefail

if command -v promtool >/dev/null 2>&1; then echo "promtool: using $(command -v promtool)"; exit 0; fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "promtool: not found. Install Prometheus's promtool (Debian/Ubuntu: the prometheus package; macOS: brew install prometheus; or the release tarball from prometheus.io)." >&2
  exit 1
fi
echo "promtool: installing Debian's prometheus package (once)"
"$(dirname "$0")/apt-install.sh" prometheus
version=$(promtool --version 2>&1 || true)
case "$version" in
  *"promtool, version"*) echo "promtool: installed" ;;
  *) echo "promtool: the prometheus package did not give a working promtool" >&2; exit 1 ;;
esac
