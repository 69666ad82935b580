#!/usr/bin/env bash
# Session 8, call 12 (trial on 37dcf68, host code only: FL_TAIL5 sets the tail divisor of the half-tail variants,
# 5x5 morphology): dilate5 / erode5 at 16, 24 and 32 rows per thread with half (2), quarter (4) and eighth (8)
# height tails, three rounds: do longer strips (fewer apron rows read again) pay with shorter tails?
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
st=""; for f in dilate5 erode5; do for p in 16 24 32; do st="$st --stage $f:variant=fast:ppt=$p"; done; done
echo "stages: dilate5 ppt 16 24 32, erode5 ppt 16 24 32; then rgba8 dilate5 ppt 16 24 32" >> "$OUT/summary.txt"
for round in 1 2 3; do
  for t in 2 4 8; do
    FL_TAIL5=$t $b/filterlab bench --size 8192x8192 --format gray8 $st --repeat 30 > /tmp/one.txt 2>&1
    FL_TAIL5=$t $b/filterlab bench --size 8192x8192 --format rgba8 --stage dilate5:variant=fast:ppt=16 --stage dilate5:variant=fast:ppt=24 --stage dilate5:variant=fast:ppt=32 --repeat 30 >> /tmp/one.txt 2>&1
    cat /tmp/one.txt >> "$OUT/bench_all.txt"
    echo "tail$t r$round $(grep -E '^(dilate|erode)' /tmp/one.txt | awk '{printf "%s ", $NF}')" >> "$OUT/summary.txt"
  done
done
FL_TAIL5=4 timeout 60 $b/gpu_tests --gtest_brief=1 --gtest_filter='*StripTail*/dilate5_*:*StripTail*/erode5_*' > /tmp/t.log 2>&1; echo "FL_TAIL5=4 tail-strip tests rc=$? $(grep -E '^\[  (PASSED|FAILED) +\]' /tmp/t.log | tr '\n' ' ')" >> "$OUT/summary.txt"
FL_TAIL5=8 timeout 60 $b/gpu_tests --gtest_brief=1 --gtest_filter='*StripTail*/dilate5_*:*StripTail*/erode5_*' > /tmp/t.log 2>&1; echo "FL_TAIL5=8 tail-strip tests rc=$? $(grep -E '^\[  (PASSED|FAILED) +\]' /tmp/t.log | tr '\n' ' ')" >> "$OUT/summary.txt"
cat "$OUT/summary.txt"
