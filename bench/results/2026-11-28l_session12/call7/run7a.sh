#!/usr/bin/env bash
# Session 12, call 7a (final code): a089698 (short grids that were halved fill their wave). Every GPU test; the interop,
# frame, A/B and timing-export UI tests; memcheck and racecheck over the filled-grid and tier tests.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
$b/filterlab bench --size 64x64 --format gray8 --stage invert:variant=vec4 --repeat 1 2>&1 | grep commit >> "$OUT/summary.txt"
start=$SECONDS
timeout 330 $b/gpu_tests --gtest_brief=1 > /tmp/gpu_tests.log 2>&1; echo "gpu_tests rc=$? in $((SECONDS-start)) s" >> "$OUT/summary.txt"
grep -E '^\[  (PASSED|FAILED|SKIPPED)' /tmp/gpu_tests.log | head -20 >> "$OUT/summary.txt"
grep -E "FilledShortGrid" /tmp/gpu_tests.log | head -8 >> "$OUT/summary.txt"
FILTERLAB_EXE=$b/filterlab timeout 100 $b/ui_tests --gtest_brief=1 --gtest_filter='*SharedTexture*:Screenshot.*CudaInterop*:Screenshot.WholeFrame*:Ab*:MeasureFrames*:TimingExport*' > /tmp/ui.log 2>&1; echo "ui_tests rc=$?" >> "$OUT/summary.txt"
grep -E '^\[  (PASSED|FAILED|SKIPPED)' /tmp/ui.log >> "$OUT/summary.txt"
mkdir -p /tmp/san
OUT=/tmp/san TOOLS="memcheck racecheck" TOOL_TIMEOUT=120 timeout 260 bash scripts/sanitize_gpu_tests.sh $b/gpu_tests \
  '*FilledShortGrid*' > /tmp/san.txt 2>&1
echo "sanitize rc=$?" >> "$OUT/summary.txt"; tail -5 /tmp/san.txt >> "$OUT/summary.txt"
tar czf "$OUT/logs.tar.gz" -C /tmp gpu_tests.log ui.log san.txt san 2>/dev/null
cat "$OUT/summary.txt"
