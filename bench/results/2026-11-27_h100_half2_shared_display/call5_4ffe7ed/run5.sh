#!/usr/bin/env bash
# Session 2026-11-26, call 5: half2's rule launches in the GPU tests, then the suite and the peers in one process call.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
timeout 120 .gpu/bin/gpu_tests --gtest_brief=1 --gtest_filter='*gauss_half2*:LaunchValidation.*' > "$OUT/tests_half2.log" 2>&1
echo "gpu_tests half2 rc=$?" > "$OUT/summary.txt"
grep -E '^\[ (variants|  PASSED|  FAILED|  SKIPPED)' "$OUT/tests_half2.log" >> "$OUT/summary.txt"
grep -E '^\[  (PASSED|FAILED|SKIPPED)' "$OUT/tests_half2.log" >> "$OUT/summary.txt"
start=$SECONDS
bash bench/run_suite.sh run > "$OUT/suite_run.txt" 2>&1
echo "suite rc=$? in $((SECONDS-start)) s" >> "$OUT/summary.txt"
cat "$OUT/summary.txt"; tail -25 "$OUT/suite_run.txt"
