#!/usr/bin/env bash
# Installs what the app needs, builds it (release) and opens the lab on the bundled default image.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/usr/local/cuda/bin"
bash scripts/install_deps.sh
cmake --preset release >/dev/null
cmake --build --preset release
exec ./build/release/app/filterlab "$@"
