#!/usr/bin/env bash
# Session 27, call 2 (bin = d2507c4, HEAD: the plan's fit of default blocks, host code only): the gauss and plan GPU
# tests in what little device time is left.
set -u
: "${OUT:=/tmp/out}"; rm -rf /tmp/o2; mkdir -p "$OUT" /tmp/o2
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > /tmp/o2/summary.txt
start=$SECONDS
timeout 150 .gpu/bin/gpu_tests --gtest_brief=1 --gtest_filter='*Gauss*:*gauss*:*Plan*:*plan*' > /tmp/o2/gpu_tests.log 2>&1
echo "gauss and plan gpu_tests rc=$? at $((SECONDS-start)) s" >> /tmp/o2/summary.txt
grep -E '^\[  (PASSED|FAILED|SKIPPED) +\]|^\[  FAILED' /tmp/o2/gpu_tests.log | head -20 >> /tmp/o2/summary.txt
cp /tmp/o2/summary.txt "$OUT/"; tar czf "$OUT/logs.tar.gz" -C /tmp/o2 . 2>/dev/null; cat /tmp/o2/summary.txt
