#!/usr/bin/env bash
# Session 17, call 10: the review's test mend (row names built without the empty-string pointer arithmetic): the
# strip stencils' and box fast's steady tests with the rebuilt gpu_tests.
set -u
: "${OUT:=/tmp/out}"; rm -rf /tmp/o; mkdir -p "$OUT" /tmp/o
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > /tmp/o/summary.txt
timeout 120 .gpu/bin/gpu_tests --gtest_brief=1 --gtest_filter='*StripSteady*' > /tmp/o/gpu_tests.log 2>&1; echo "gpu_tests rc=$?" >> /tmp/o/summary.txt
grep -E '^\[  (PASSED|FAILED|SKIPPED)|FAILED' /tmp/o/gpu_tests.log | head -20 >> /tmp/o/summary.txt
cp /tmp/o/summary.txt "$OUT/"; cat "$OUT/summary.txt"
