#!/usr/bin/env bash
# Builds Kassa's container image from the root Dockerfile with Debian's podman (buildah inside, runc
# as the runtime): `scripts/build-image.sh [name]` (default kassa:<version>); prints the name.
# The base (NODE_IMAGE, default node:20-bookworm-slim) is pulled once, or where it cannot be, a
# stand-in is built under the same name once and reused (scripts/ensure-node-base.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
version=$(node -p "require('./packages/app/package.json').version")
image=${1:-kassa:$version}
base=${NODE_IMAGE:-node:20-bookworm-slim}
NODE_IMAGE=$base ./scripts/ensure-node-base.sh >&2
export CONTAINERS_CONF=$PWD/.kassa/containers/containers.conf
commit=$(git rev-parse HEAD 2>/dev/null || echo unknown)
# The host's CA bundle, for a registry behind a TLS-inspecting proxy (a build secret: not in any layer).
ca=()
if [ -s "${NODE_EXTRA_CA_CERTS:-}" ]; then ca=(--secret "id=ca,src=$NODE_EXTRA_CA_CERTS"); fi
podman build --quiet --format docker --network host "${ca[@]}" --build-arg "NODE_IMAGE=$base" --build-arg "KASSA_COMMIT=$commit" --tag "$image" . >&2
echo "$image"
