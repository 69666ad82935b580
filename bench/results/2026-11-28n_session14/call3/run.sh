#!/usr/bin/env bash
# Session 14, call 3: 8f345d7 (box fast on rgba8 radius 5..16). Every GPU test; the interop, frame, A/B and
# timing-export UI tests; memcheck and racecheck over box fast's rgba8 agreement tests at 17x13 and 3x2.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
$b/filterlab bench --size 64x64 --format gray8 --stage invert:variant=vec4 --repeat 1 2>&1 | grep commit >> "$OUT/summary.txt"
start=$SECONDS
timeout 380 $b/gpu_tests --gtest_brief=1 > /tmp/gpu_tests.log 2>&1; echo "gpu_tests rc=$? in $((SECONDS-start)) s" >> "$OUT/summary.txt"
grep -E '^\[  (PASSED|FAILED|SKIPPED)|^\[ variants' /tmp/gpu_tests.log | head -20 >> "$OUT/summary.txt"
FILTERLAB_EXE=$b/filterlab timeout 90 $b/ui_tests --gtest_brief=1 --gtest_filter='*SharedTexture*:Screenshot.*CudaInterop*:Screenshot.WholeFrame*:Ab*:MeasureFrames*:TimingExport*' > /tmp/ui.log 2>&1; echo "ui_tests rc=$?" >> "$OUT/summary.txt"
grep -E '^\[  (PASSED|FAILED|SKIPPED)' /tmp/ui.log >> "$OUT/summary.txt"
mkdir -p /tmp/san
OUT=/tmp/san TOOLS="memcheck racecheck" TOOL_TIMEOUT=50 timeout 110 bash scripts/sanitize_gpu_tests.sh $b/gpu_tests '*box_fast_rgba8*17x13*:*box_fast_rgba8*3x2*' > /tmp/san.txt 2>&1
echo "sanitize rc=$?" >> "$OUT/summary.txt"; tail -5 /tmp/san.txt >> "$OUT/summary.txt"
tar czf "$OUT/logs.tar.gz" -C /tmp gpu_tests.log ui.log san.txt san 2>/dev/null
cat "$OUT/summary.txt"
