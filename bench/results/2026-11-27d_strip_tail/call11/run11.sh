#!/usr/bin/env bash
# Session 2026-11-27d, call 11 (HEAD: each stencil's early-return test, the last kernel change):
# the strip GPU tests and the tiers test, memcheck over three tiers tests, then the suite and the peers.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
start=$SECONDS
timeout 150 $b/gpu_tests --gtest_brief=1 --gtest_filter='*/gauss3_fast*:*/dilate*_fast*:*/erode*_fast*:*/sobel_fast*:*/box_fast*:*/gauss_half2*:*/gray_fast*:*StripTail*' > "$OUT/tests.log" 2>&1
echo "strip gpu_tests rc=$? in $((SECONDS-start)) s $(grep -E '^\[  (PASSED|FAILED) +\]|^\[ variants' "$OUT/tests.log" | tr '\n' ' ')" >> "$OUT/summary.txt"
gzip -9 "$OUT/tests.log"
start=$SECONDS
timeout 90 compute-sanitizer --tool memcheck --error-exitcode 9 $b/gpu_tests --gtest_brief=1 --gtest_filter='*StripTail*/dilate5_gray8_odd:*StripTail*/sobel_gray8_odd:*StripTail*/gauss3_rgba8_default' > "$OUT/memcheck.log" 2>&1
echo "memcheck rc=$? in $((SECONDS-start)) s $(grep -E 'ERROR SUMMARY|^\[  (PASSED|FAILED) +\]' "$OUT/memcheck.log" | tr '\n' ' ')" >> "$OUT/summary.txt"
gzip -9 "$OUT/memcheck.log"
start=$SECONDS
bash bench/run_suite.sh run > /tmp/suite_run.txt 2>&1
echo "suite rc=$? in $((SECONDS-start)) s" >> "$OUT/summary.txt"
cat "$OUT/summary.txt"; grep -E "^(dilate|erode|gauss3|sobel|box|copy )" "$OUT/suite.txt" | grep -E " fast |cudaMemcpy" | cut -c1-150
