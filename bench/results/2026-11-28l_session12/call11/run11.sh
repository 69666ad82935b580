#!/usr/bin/env bash
# Session 12, call 11: 36bda2a's GPU tests of filled grids (heights searched from 16 rows) and the tier tests;
# memcheck and racecheck of the filled-grid tests.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
timeout 200 $b/gpu_tests --gtest_filter='*FilledShortGrid*:*StripTailTiers*' > /tmp/gt.txt 2>&1; echo "gpu_tests rc=$?" >> "$OUT/summary.txt"
grep -E "^\[  PASSED|^\[  FAILED|tests ran|SKIPPED \] [0-9]" /tmp/gt.txt >> "$OUT/summary.txt"; gzip -9c /tmp/gt.txt > "$OUT/gpu_tests.txt.gz"
mkdir -p /tmp/san
OUT=/tmp/san TOOLS="memcheck racecheck" TOOL_TIMEOUT=120 timeout 260 bash scripts/sanitize_gpu_tests.sh $b/gpu_tests '*FilledShortGrid*' > /tmp/san.txt 2>&1
echo "sanitize rc=$?" >> "$OUT/summary.txt"; tail -5 /tmp/san.txt >> "$OUT/summary.txt"
cat "$OUT/summary.txt"
