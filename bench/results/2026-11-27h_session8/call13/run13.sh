#!/usr/bin/env bash
# Session 8, call 13 (trial on 699ac3e, host code only: FL_BOXTAIL sets box fast's tail divisor at radius 1 and 2):
# radius 1 and 2 at 8, 16 and 24 rows per thread with quarter (declared), half and no tails, three rounds; box's
# tail-strip tests with half tails at radius 1 and 2.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
st=""; for r in 1 2; do for p in 8 16 24; do st="$st --stage box:variant=fast:radius=$r:ppt=$p"; done; done
echo "stages: radius 1 ppt 8 16 24, radius 2 ppt 8 16 24" >> "$OUT/summary.txt"
for round in 1 2 3; do
  for t in 4 2 0; do
    FL_BOXTAIL=$t $b/filterlab bench --size 8192x8192 --format gray8 $st --repeat 30 > /tmp/one.txt 2>&1
    cat /tmp/one.txt >> "$OUT/bench_all.txt"
    echo "tail$t r$round $(grep -E '^box' /tmp/one.txt | awk '{printf "%s ", $NF}')" >> "$OUT/summary.txt"
  done
done
FL_BOXTAIL=2 timeout 60 $b/gpu_tests --gtest_brief=1 --gtest_filter='*StripTail*/box_r1*:*StripTail*/box_r2*' > /tmp/t.log 2>&1; echo "FL_BOXTAIL=2 tail-strip tests rc=$? $(grep -E '^\[  (PASSED|FAILED) +\]' /tmp/t.log | tr '\n' ' ')" >> "$OUT/summary.txt"
cat "$OUT/summary.txt"
