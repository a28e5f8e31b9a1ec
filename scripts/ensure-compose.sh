#!/usr/bin/env bash
# Installs podman-compose (a PyPI package), pinned in scripts/compose/requirements.txt, into
# .kassa/compose-venv: the test command reads deploy/compose.yaml through `podman-compose config`.
# Idempotent: skips when that exact list is already installed.
set -euo pipefail
exec "$(dirname "${BASH_SOURCE[0]}")/pinned-venv.sh" compose-venv scripts/compose/requirements.txt podman-compose
