#!/usr/bin/env bash
# The CPU tests (ctest label cpu) built with the `asan` preset: host code under AddressSanitizer and UBSan, and
# any report fails its test (the `asan` test preset sets halt_on_error). Built without the UI (the CPU tests do
# not use it) and with CUDA as PTX only (no GPU code runs here), to keep the build short.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/usr/local/cuda/bin"
cmake --preset asan -DFILTERLAB_BUILD_UI=OFF -DCMAKE_CUDA_ARCHITECTURES=90-virtual >/dev/null
cmake --build --preset asan --target cpu_tests
ctest --preset asan -j "$(nproc)"
