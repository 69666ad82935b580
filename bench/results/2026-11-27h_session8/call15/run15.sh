#!/usr/bin/env bash
# Session 8, call 15 (trial on 280a8b6: FL_EDGE, the strip kernels' edge chunks wholly outside the row, at the
# image's sides, no longer loaded synchronously on every row: 1 made from the lane's own chunk, 2 skipped (output
# wrong at the two side columns: an upper bound for timing only)). The 280a8b6 build (filterlab_base) alongside,
# 3 rounds alternated; then the strip stencils' GPU tests with FL_EDGE=1 and memcheck over a few.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
g="--stage gauss3:variant=fast --stage dilate3:variant=fast --stage erode3:variant=fast --stage dilate5:variant=fast --stage erode5:variant=fast --stage sobel:variant=fast"
c="--stage gauss3:variant=fast --stage dilate3:variant=fast --stage dilate5:variant=fast"
echo "stages: gray8 gauss3 dilate3 erode3 dilate5 erode5 sobel; rgba8 gauss3 dilate3 dilate5" >> "$OUT/summary.txt"
run() {  # label binary FL_EDGE
  FL_EDGE=$3 $b/$2 bench --size 8192x8192 --format gray8 $g --repeat 30 > /tmp/one.txt 2>&1
  FL_EDGE=$3 $b/$2 bench --size 8192x8192 --format rgba8 $c --repeat 30 >> /tmp/one.txt 2>&1
  cat /tmp/one.txt >> "$OUT/bench_all.txt"
  echo "$1 $(grep -E '^(gauss3|dilate|erode|sobel)' /tmp/one.txt | awk '{printf "%s ", $NF}')" >> "$OUT/summary.txt"
}
for round in 1 2 3; do
  run "base r$round" filterlab_base 0
  run "edge0 r$round" filterlab 0
  run "edge1 r$round" filterlab 1
  run "edge2 r$round" filterlab 2
done
start=$SECONDS
FL_EDGE=1 timeout 150 $b/gpu_tests --gtest_brief=1 --gtest_filter='*/gauss3_fast*:*/dilate*_fast*:*/erode*_fast*:*/sobel_fast*:*StripTail*' > /tmp/t.log 2>&1
echo "FL_EDGE=1 gpu_tests rc=$? in $((SECONDS-start)) s $(grep -E '^\[  (PASSED|FAILED) +\]|^\[ variants' /tmp/t.log | tr '\n' ' ')" >> "$OUT/summary.txt"
grep -E "FAILED|Failure" /tmp/t.log | head -5 >> "$OUT/summary.txt"
FL_EDGE=1 timeout 120 compute-sanitizer --tool memcheck --error-exitcode 9 $b/gpu_tests --gtest_brief=1 --gtest_filter='*StripTail*/dilate5_gray8_*:*StripTail*/sobel_*:*/gauss3_fast_gray8_17x13*:*/gauss3_fast_gray8_1x1*' > /tmp/m.log 2>&1
echo "memcheck rc=$? $(grep -E 'SUMMARY|^\[  (PASSED|FAILED) +\]' /tmp/m.log | tr '\n' ' ')" >> "$OUT/summary.txt"
cat "$OUT/summary.txt"
