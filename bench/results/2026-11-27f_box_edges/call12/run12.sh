#!/usr/bin/env bash
# Session 2026-11-27f, call 12 (02b0065: review mends; box radius 2 joins the tail-strip test, the rest comments and
# text): the tail-strip tests and box's GPU tests, memcheck and racecheck over box's radius 2 tail-strip cases.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
start=$SECONDS
timeout 200 $b/gpu_tests --gtest_brief=1 --gtest_filter='*StripTail*:*/box_fast*:*Box*' > "$OUT/tests.log" 2>&1
echo "gpu_tests (tail strips, box) rc=$? in $((SECONDS-start)) s $(grep -E '^\[  (PASSED|FAILED) +\]|^\[ variants' "$OUT/tests.log" | tr '\n' ' ')" >> "$OUT/summary.txt"
grep -E "FAILED|Failure" "$OUT/tests.log" | head -10 >> "$OUT/summary.txt"
gzip -9 "$OUT/tests.log"
for tool in memcheck racecheck; do
  timeout 100 compute-sanitizer --tool $tool --error-exitcode 9 $b/gpu_tests --gtest_brief=1 --gtest_filter='*StripTail*/box_r2*' > "$OUT/$tool.log" 2>&1
  echo "$tool rc=$? $(grep -E 'ERROR SUMMARY|^\[  (PASSED|FAILED) +\]' "$OUT/$tool.log" | tr '\n' ' ')" >> "$OUT/summary.txt"
  gzip -9 "$OUT/$tool.log"
done
cat "$OUT/summary.txt"
