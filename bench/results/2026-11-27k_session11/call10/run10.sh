#!/usr/bin/env bash
# Session 11, call 10 (the review commit: one LaunchTiers for the strip and tensor launchers, host code only):
# the GPU tests of every strip variant, gauss tensor and the tier tests; a short bench of the grids it shapes.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
$b/filterlab bench --size 64x64 --format gray8 --stage invert:variant=vec4 --repeat 1 2>&1 | grep commit >> "$OUT/summary.txt"
start=$SECONDS
timeout 300 $b/gpu_tests --gtest_brief=1 --gtest_filter='*StripTail*:*Tiers*:*_fast_*:*gauss_tensor*:*box*:*Occupancy*:*Launch*' > /tmp/gt.log 2>&1
echo "gpu_tests rc=$? in $((SECONDS-start)) s" >> "$OUT/summary.txt"
grep -E '^\[  (PASSED|FAILED|SKIPPED)|tests from .* ran' /tmp/gt.log | head -12 >> "$OUT/summary.txt"
gzip -9c /tmp/gt.log > "$OUT/gpu_tests.log.gz"
g="--stage gauss:variant=tensor:radius=4 --stage sobel:variant=fast --stage dilate5:variant=fast --stage box:variant=fast:radius=16"
for s in 1920x1080 3840x2160 8192x8192; do $b/filterlab bench --size $s --format gray8 $g --repeat 30 2>&1 | grep -E "tensor|fast" >> "$OUT/summary.txt"; done
cat "$OUT/summary.txt"
