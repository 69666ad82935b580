#!/usr/bin/env bash
# Session 2026-11-27b, call 8: gauss on gray32f by radius: fast (its rule) against columns at three launches, to
# place the fallback's switch and columns' rule; the gauss GPU tests.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
timeout 250 $b/gpu_tests --gtest_brief=1 --gtest_filter='*gauss*' > "$OUT/tests.log" 2>&1
echo "gpu_tests rc=$? $(grep -E '^\[  (PASSED|FAILED) +\]|^\[ variants' "$OUT/tests.log" | tr '\n' ' ')" >> "$OUT/summary.txt"
for r in 3 5 6 7 8; do
  st="--stage gauss:variant=fast:radius=$r --stage gauss:radius=$r"
  for l in 128x1:ppt=256 128x1:ppt=128 256x1:ppt=128 128x1:ppt=512; do st="$st --stage gauss:variant=columns:radius=$r:block=$l"; done
  $b/filterlab bench --size 8192x8192 --format gray32f $st --repeat 30 >> "$OUT/bench.txt" 2>&1
done
$b/filterlab bench --size 8192x8192 --format gray32f --stage gauss:variant=fast:radius=8:sigma=4 --stage gauss:variant=columns:radius=8:sigma=4 --stage gauss:variant=fast:radius=4 --stage gauss:variant=columns:radius=4 --repeat 30 >> "$OUT/bench.txt" 2>&1
cat "$OUT/summary.txt"; grep -E "^gauss" "$OUT/bench.txt" | awk '{print $2,$3,$4,$5,$6,$7,$(NF-3),$NF}'
