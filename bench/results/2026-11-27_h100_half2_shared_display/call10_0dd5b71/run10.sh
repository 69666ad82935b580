#!/usr/bin/env bash
# Session 2026-11-26, call 10: every GPU test at the session's last kernel change, half2's radius sweep against
# tensor, then the suite and the peers.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
start=$SECONDS
timeout 420 $b/gpu_tests --gtest_brief=1 > "$OUT/gpu_tests.log" 2>&1; echo "gpu_tests rc=$? in $((SECONDS-start)) s" >> "$OUT/summary.txt"
grep -E '^\[ (variants)' "$OUT/gpu_tests.log" >> "$OUT/summary.txt"
grep -E '^\[  (PASSED|FAILED|SKIPPED)' "$OUT/gpu_tests.log" | head -20 >> "$OUT/summary.txt"
gzip -9 "$OUT/gpu_tests.log"
PASSES=1 TENSOR_RADII="1 2 3 4" TENSOR_PPT="128 192" HALF2_PPT="8 16" bash bench/sweep_radius.sh gauss_half2 gauss_tensor > "$OUT/sweep_best.txt" 2>&1
start=$SECONDS
bash bench/run_suite.sh run > "$OUT/suite_run.txt" 2>&1
echo "suite rc=$? in $((SECONDS-start)) s" >> "$OUT/summary.txt"
cat "$OUT/summary.txt" "$OUT/sweep_best.txt"; grep -E "half2|tensor" "$OUT/suite.txt" | cut -c1-150
