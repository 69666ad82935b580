#!/usr/bin/env bash
# Session 2026-11-27c, call 12 (908e911: box fast takes its walk once per strip, the last kernel change): every GPU
# test, then the suite and the peers.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
start=$SECONDS
timeout 260 $b/gpu_tests --gtest_brief=1 > "$OUT/gpu_tests.log" 2>&1; echo "gpu_tests rc=$? in $((SECONDS-start)) s" >> "$OUT/summary.txt"
grep -E '^\[ (variants)' "$OUT/gpu_tests.log" >> "$OUT/summary.txt"
grep -E '^\[  (PASSED|FAILED|SKIPPED)' "$OUT/gpu_tests.log" | head -20 >> "$OUT/summary.txt"
gzip -9 "$OUT/gpu_tests.log"
start=$SECONDS
bash bench/run_suite.sh run > /tmp/suite_run.txt 2>&1
echo "suite rc=$? in $((SECONDS-start)) s" >> "$OUT/summary.txt"
cat "$OUT/summary.txt"; grep -E "^(dilate5|box|copy )" "$OUT/suite.txt" | grep -E " fast |cudaMemcpy" | cut -c1-150
