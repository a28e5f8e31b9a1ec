#!/usr/bin/env bash
# The Node base image the Dockerfile builds on (NODE_IMAGE, default node:20-bookworm-slim), once:
# pulled from Docker Hub, or where Docker Hub cannot be reached, a stand-in built under the same name
# (scripts/build-node-base.sh) and reused by every build after.
set -euo pipefail
cd "$(dirname "$0")/.."
base=${NODE_IMAGE:-node:20-bookworm-slim}
./scripts/ensure-podman.sh >/dev/null
export CONTAINERS_CONF=$PWD/.kassa/containers/containers.conf
if ! podman image exists "$base"; then
  timeout 60 podman pull -q "docker.io/library/$base" >/dev/null 2>&1 || ./scripts/build-node-base.sh "$base"
fi
echo "base image: $base ($(podman image inspect --format '{{.Id}}' "$base" | cut -c1-12))"
