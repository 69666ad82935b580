#!/usr/bin/env bash
# Session 22, call 2 (warm H100): every GPU test on `cand` (the point ops' word forms, final.diff).
set -u
: "${OUT:=/tmp/out}"; rm -rf /tmp/o; mkdir -p "$OUT" /tmp/o
[ -x .gpu/cand/gpu_tests ] || { rm -rf .gpu/bin .gpu/cand .gpu/trial; tar xJf .gpu/bin.tar.xz -C .gpu; }
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > /tmp/o/summary.txt
start=$SECONDS
timeout 300 .gpu/cand/gpu_tests --gtest_brief=1 > /tmp/o/gpu_tests_cand.log 2>&1; echo "cand gpu_tests rc=$? at $((SECONDS-start)) s" >> /tmp/o/summary.txt
grep -E '^\[  (PASSED|FAILED|SKIPPED)|^\[ variants|runs compared' /tmp/o/gpu_tests_cand.log | head -8 >> /tmp/o/summary.txt
grep -E '^\[  FAILED' /tmp/o/gpu_tests_cand.log | head -10 >> /tmp/o/summary.txt
cp /tmp/o/summary.txt "$OUT/"; tar czf "$OUT/logs.tar.gz" -C /tmp/o .
cat "$OUT/summary.txt"
