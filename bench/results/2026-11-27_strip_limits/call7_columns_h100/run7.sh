#!/usr/bin/env bash
# Session 2026-11-27b, call 7: gauss `columns` (gray32f, column pass first, one column per thread): its GPU tests,
# and a launch sweep against `fast` at its rule launch, same call.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
timeout 200 $b/gpu_tests --gtest_brief=1 --gtest_filter='*gauss_columns*' > "$OUT/tests.log" 2>&1
echo "gpu_tests rc=$? $(grep -E '^\[  (PASSED|FAILED|SKIPPED) +\]|variants' "$OUT/tests.log" | tr '\n' ' ')" >> "$OUT/summary.txt"
grep -E "FAILED|Failure|expected|max" "$OUT/tests.log" | head -20 >> "$OUT/summary.txt"
for r in 8 4 2; do
  st="--stage gauss:variant=fast:radius=$r"
  for bx in 128 256 512; do for p in 64 128 256; do st="$st --stage gauss:variant=columns:radius=$r:block=${bx}x1:ppt=$p"; done; done
  $b/filterlab bench --size 8192x8192 --format gray32f $st --repeat 30 >> "$OUT/bench.txt" 2>&1
done
cat "$OUT/summary.txt"; grep -E "^gauss" "$OUT/bench.txt" | awk '{print $2,$3,$4,$5,$6,$7,$(NF-3),$NF}'
