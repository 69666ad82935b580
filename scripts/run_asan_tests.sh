#!/usr/bin/env bash
# The CPU tests (ctest label cpu) built with the `asan` preset: host code under AddressSanitizer and UBSan, and
# any report fails its test (the `asan` test preset sets halt_on_error); then the soak (scripts/soak.sh): 2,000
# random lab actions played headless on the CPU backend, the desktop lab's code under the same sanitizers and
# LeakSanitizer at exit. CUDA is built as PTX only (no GPU code runs here), to keep the build short.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/use_ccache.sh
export PATH="$PATH:/usr/local/cuda/bin"
cmake --preset asan -DFILTERLAB_BUILD_UI=ON -DCMAKE_CUDA_ARCHITECTURES=90-virtual \
  -DFILTERLAB_SOAK_ACTIONS="${SOAK_ASAN_ACTIONS:-2000}" >/dev/null
cmake --build --preset asan --target cpu_tests filterlab
ctest --preset asan -j "$(nproc)"
# The same sanitizer settings as the asan test preset. Mesa's software GL driver keeps a few hundred bytes until
# exit and is unloaded (dlclose) before LeakSanitizer looks, which leaves the leak unnamed ("unknown module"), as
# in `filterlab --screenshot` alone: preloading the driver keeps it loaded, so that the suppressions
# (scripts/lsan_gl.supp) can name it and any leak of ours still fails.
export ASAN_OPTIONS="protect_shadow_gap=0:detect_leaks=1:abort_on_error=1"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1"
export LSAN_OPTIONS="suppressions=$PWD/scripts/lsan_gl.supp:print_suppressions=0"
dri=$(ls /usr/lib/*/dri/swrast_dri.so 2>/dev/null | head -n 1 || true)
[ -z "$dri" ] || export SOAK_FILTERLAB_ENV="LD_PRELOAD=$dri ASAN_OPTIONS=$ASAN_OPTIONS:verify_asan_link_order=0"
xvfb-run -a -s "-screen 0 1920x1080x24" bash scripts/soak.sh build/asan/app/filterlab "${SOAK_ASAN_ACTIONS:-2000}" 1 \
  --backend cpu --window 320x200
