#!/usr/bin/env bash
# Session 2026-11-26, call 8: half2 with the column pass first: its GPU tests (every size, launch and radius the
# registry declares) and compute-sanitizer memcheck on two sizes, then the radius sweep against tensor.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
timeout 150 $b/gpu_tests --gtest_brief=1 --gtest_filter='*gauss_half2*:LaunchValidation.*:*Footprint*' > "$OUT/tests.log" 2>&1; echo "gpu_tests half2 rc=$?" >> "$OUT/summary.txt"
grep -E '^\[ (variants|  PASSED|  FAILED|  SKIPPED)' "$OUT/tests.log" >> "$OUT/summary.txt"
grep -E '^\[  (PASSED|FAILED|SKIPPED)' "$OUT/tests.log" >> "$OUT/summary.txt"
timeout 150 compute-sanitizer --tool memcheck --error-exitcode 9 $b/gpu_tests --gtest_brief=1 --gtest_filter='*gauss_half2*17x13*:*gauss_half2*1023x769*' > "$OUT/memcheck.log" 2>&1
echo "memcheck rc=$? $(grep -E 'ERROR SUMMARY' "$OUT/memcheck.log" | tail -1)" >> "$OUT/summary.txt"
PASSES=1 TENSOR_RADII="1 2 3 4" TENSOR_PPT="128 192" HALF2_PPT="4 8 16 32 64" bash bench/sweep_radius.sh gauss_half2 gauss_tensor > "$OUT/sweep_best.txt" 2>&1
cat "$OUT/summary.txt" "$OUT/sweep_best.txt"
