#!/usr/bin/env bash
# Session 2026-11-27b, call 11 (1f06962): every gauss GPU test with radius 3 and 5 added; memcheck and racecheck of
# the columns kernel's tests.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
start=$SECONDS
timeout 250 $b/gpu_tests --gtest_brief=1 --gtest_filter='*gauss*' > "$OUT/tests.log" 2>&1
echo "gauss gpu_tests rc=$? in $((SECONDS-start)) s $(grep -E '^\[  (PASSED|FAILED) +\]|^\[ variants' "$OUT/tests.log" | tr '\n' ' ')" >> "$OUT/summary.txt"
for tool in memcheck racecheck; do
  start=$SECONDS
  timeout 200 compute-sanitizer --tool $tool --error-exitcode 9 $b/gpu_tests --gtest_brief=1 --gtest_filter='*gauss_columns*' > "$OUT/$tool.log" 2>&1
  echo "$tool rc=$? in $((SECONDS-start)) s $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY|^\[  (PASSED|FAILED) +\]' "$OUT/$tool.log" | tr '\n' ' ')" >> "$OUT/summary.txt"
done
gzip -9 "$OUT/tests.log"
cat "$OUT/summary.txt"
