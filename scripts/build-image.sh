#!/usr/bin/env bash
# Builds Kassa's container image from the root Dockerfile with Debian's podman (buildah inside, runc
# as the runtime): `scripts/build-image.sh [name]` (default kassa:<version>); prints the name.
# Where the base (NODE_IMAGE, default node:20-bookworm-slim) cannot be pulled, a stand-in is built
# under the same name once (scripts/build-node-base.sh) and reused.
set -euo pipefail
cd "$(dirname "$0")/.."
version=$(node -p "require('./packages/app/package.json').version")
image=${1:-kassa:$version}
base=${NODE_IMAGE:-node:20-bookworm-slim}
./scripts/ensure-podman.sh >&2
export CONTAINERS_CONF=$PWD/.kassa/containers/containers.conf
if ! podman image exists "$base"; then
  timeout 60 podman pull -q "docker.io/library/$base" >/dev/null 2>&1 || ./scripts/build-node-base.sh "$base" >&2
fi
commit=$(git rev-parse HEAD 2>/dev/null || echo unknown)
# The host's CA bundle, for a registry behind a TLS-inspecting proxy (a build secret: not in any layer).
ca=()
if [ -s "${NODE_EXTRA_CA_CERTS:-}" ]; then ca=(--secret "id=ca,src=$NODE_EXTRA_CA_CERTS"); fi
podman build --quiet --format docker --network host "${ca[@]}" --build-arg "NODE_IMAGE=$base" --build-arg "KASSA_COMMIT=$commit" --tag "$image" . >&2
echo "$image"
