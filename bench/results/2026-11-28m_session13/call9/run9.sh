#!/usr/bin/env bash
# Session 13, call 9: c07c6c6 (box2x2 fast). The GPU tests that enumerate every variant besides the agreement and
# launch-extremes ones (which call 8 ran for box2x2): executor, launch validation, A/B, lesson claims, occupancy
# and tuning, strip tiers and filled grids; the box2x2 agreement tests again; box2x2 fast at 8192x8192.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
start=$SECONDS
timeout 150 $b/gpu_tests --gtest_brief=1 --gtest_filter='CudaExecutorTest.*:LaunchValidation.*:AbVariants.*:LessonClaims.*:OccupancyOnDevice.*:TuneOnDevice.*:StripKernels/*:*box2x2*' > /tmp/gt.txt 2>&1
echo "gpu_tests rc=$? in $((SECONDS-start)) s" >> "$OUT/summary.txt"
grep -E "^\[  PASSED|^\[  FAILED|SKIPPED \] [0-9]|^\[ variants" /tmp/gt.txt >> "$OUT/summary.txt"; gzip -9c /tmp/gt.txt > "$OUT/gpu_tests.txt.gz"
for f in gray8 rgba8; do
  timeout 60 $b/filterlab bench --size 8192x8192 --format $f --stage box2x2:variant=fast --stage box2x2:variant=ppt2x2 --repeat 30 >> "$OUT/bench.txt" 2>&1
done
cat "$OUT/summary.txt"; grep box2x2 "$OUT/bench.txt" | cut -c1-160
