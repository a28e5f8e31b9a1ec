#!/usr/bin/env bash
# Podman and buildah with runc (Debian's packages), and debootstrap for the stand-in base image.
# On this kind of machine crun refuses to start containers and the default ulimits cannot be set:
# .kassa/containers/containers.conf names runc and sets none; scripts export CONTAINERS_CONF to it.
set -euo pipefail
cd "$(dirname "$0")/.."
missing=()
for tool in podman buildah runc debootstrap; do command -v "$tool" >/dev/null 2>&1 || missing+=("$tool"); done
if [ "${#missing[@]}" -gt 0 ]; then
  ./scripts/apt-install.sh podman buildah runc debootstrap uidmap slirp4netns fuse-overlayfs
fi
mkdir -p .kassa/containers
cat > .kassa/containers/containers.conf <<'CONF'
[containers]
default_ulimits = []
[engine]
runtime = "runc"
cgroup_manager = "cgroupfs"
events_logger = "file"
CONF
echo "podman: $(podman --version) with runc ($(command -v runc)); CONTAINERS_CONF=.kassa/containers/containers.conf"
