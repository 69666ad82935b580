#!/usr/bin/env bash
# Installs what the tests need, builds (one CUDA architecture, to keep CI short) and runs every test.
# Without a GPU the GPU tests report SKIPPED with the reason; the UI tests run under Xvfb with Mesa.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/use_ccache.sh
export PATH="$PATH:/usr/local/cuda/bin"
bash scripts/install_deps.sh --tests
cmake --preset ci >/dev/null
cmake --build --preset ci
if ! nvidia-smi -L >/dev/null 2>&1; then
  echo "note: no usable GPU here: the GPU tests (ctest label gpu) report Skipped, each with the reason in its output."
  echo "      Run them on a GPU machine: ctest --preset ci -L gpu --output-on-failure"
fi
# One X server for the whole run; Mesa's software GL renders the UI tests.
xvfb-run -a -s "-screen 0 1920x1080x24" bash scripts/run_ctest.sh -j "$(nproc)"
