#!/usr/bin/env bash
# Session 20, call 5 (the warm machine after call 4): every GPU test on call 3's cand (TileStores in every staged
# tensor kernel).
set -u
: "${OUT:=/tmp/out}"; rm -rf /tmp/o; mkdir -p "$OUT" /tmp/o
rm -rf .gpu/bin .gpu/cand; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > /tmp/o/summary.txt
start=$SECONDS
timeout 270 .gpu/cand/gpu_tests --gtest_brief=1 > /tmp/o/gpu_tests_cand.log 2>&1; echo "cand gpu_tests rc=$? at $((SECONDS-start)) s" >> /tmp/o/summary.txt
grep -E '^\[  (PASSED|FAILED|SKIPPED)|^\[ variants' /tmp/o/gpu_tests_cand.log | head -8 >> /tmp/o/summary.txt
grep -E '^\[  FAILED' /tmp/o/gpu_tests_cand.log | head -10 >> /tmp/o/summary.txt
cp /tmp/o/summary.txt "$OUT/"; tar czf "$OUT/logs.tar.gz" -C /tmp/o . 2>/dev/null
cat "$OUT/summary.txt"
