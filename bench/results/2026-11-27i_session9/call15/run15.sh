#!/usr/bin/env bash
# Session 9, call 15 (76eb920 with the tier test's new box radius 5 cases): every strip stencil's both-tiers test
# (box radius 1..5 and 8 among them) against the CPU oracle, and memcheck and racecheck over box's.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
timeout 200 $b/gpu_tests --gtest_filter='*StripTailTiers*' > /tmp/gt.txt 2>&1; echo "gpu_tests rc=$?" >> "$OUT/summary.txt"
grep -E "^\[  (PASSED|FAILED)|OK \].*box_r5" /tmp/gt.txt >> "$OUT/summary.txt"
for tool in memcheck racecheck; do
  timeout 150 compute-sanitizer --tool $tool --error-exitcode 9 $b/gpu_tests --gtest_filter='*StripTailTiers*box_r*' > /tmp/$tool.log 2>&1
  echo "$tool rc=$? $(grep -E 'SUMMARY|^\[  (PASSED|FAILED) +\]' /tmp/$tool.log | tr '\n' ' ')" >> "$OUT/summary.txt"
done
cat "$OUT/summary.txt"
