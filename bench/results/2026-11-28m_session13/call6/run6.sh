#!/usr/bin/env bash
# Session 13, call 6 (final): 962bb3d (box fast on rgba8 radius 1..4; box's short grids down to 4 rows from radius
# 5). Every GPU test; the interop, frame, A/B and timing-export UI tests; memcheck and racecheck over box's
# agreement tests at 17x13 (rgba8 fast included); the suite and the peers.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
$b/filterlab bench --size 64x64 --format gray8 --stage invert:variant=vec4 --repeat 1 2>&1 | grep commit >> "$OUT/summary.txt"
start=$SECONDS
timeout 330 $b/gpu_tests --gtest_brief=1 > /tmp/gpu_tests.log 2>&1; echo "gpu_tests rc=$? in $((SECONDS-start)) s" >> "$OUT/summary.txt"
grep -E '^\[  (PASSED|FAILED|SKIPPED)|^\[ variants' /tmp/gpu_tests.log | head -20 >> "$OUT/summary.txt"
FILTERLAB_EXE=$b/filterlab timeout 100 $b/ui_tests --gtest_brief=1 --gtest_filter='*SharedTexture*:Screenshot.*CudaInterop*:Screenshot.WholeFrame*:Ab*:MeasureFrames*:TimingExport*' > /tmp/ui.log 2>&1; echo "ui_tests rc=$?" >> "$OUT/summary.txt"
grep -E '^\[  (PASSED|FAILED|SKIPPED)' /tmp/ui.log >> "$OUT/summary.txt"
mkdir -p /tmp/san
OUT=/tmp/san TOOLS="memcheck racecheck" TOOL_TIMEOUT=60 timeout 150 bash scripts/sanitize_gpu_tests.sh $b/gpu_tests '*box*17x13*' > /tmp/san.txt 2>&1
echo "sanitize rc=$?" >> "$OUT/summary.txt"; tail -5 /tmp/san.txt >> "$OUT/summary.txt"
start=$SECONDS
bash bench/run_suite.sh run > /tmp/suite_run.txt 2>&1
echo "suite rc=$? in $((SECONDS-start)) s" >> "$OUT/summary.txt"
rm -f "$OUT/suite.err"
tar czf "$OUT/logs.tar.gz" -C /tmp gpu_tests.log ui.log san.txt san suite_run.txt 2>/dev/null
cat "$OUT/summary.txt"; grep -E "^box " "$OUT/suite.txt" | grep -E " fast " | cut -c1-150
