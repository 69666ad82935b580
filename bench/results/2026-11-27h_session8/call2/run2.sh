#!/usr/bin/env bash
# Session 8, call 2 (trial on 76f0640: FL_BOXREGS, box fast under a register cap of 64 / 72 / 80 through
# __maxnreg__): bench box radius 1..16 (a subset) per cap, 3 rounds alternated, then box's GPU tests under each cap.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
s=""
for r in 1 2 3 4 5 6 7 8 9 12 16; do s="$s --stage box:variant=fast:radius=$r"; done
s="$s --stage box:variant=fast:radius=8:ppt=16 --stage box:variant=fast:radius=16:ppt=16 --stage box:variant=fast:radius=3:ppt=12"
for round in 1 2 3; do
  for mode in 0 64 72 80; do
    if [ $mode = 0 ]; then unset FL_BOXREGS; else export FL_BOXREGS=$mode; fi
    $b/filterlab bench --size 8192x8192 --format gray8 $s --repeat 30 > "$OUT/bench_${mode}_$round.txt" 2>&1
    grep -E "^box" "$OUT/bench_${mode}_$round.txt" | awk -v m=$mode -v r=$round '{print "regs" m, "r" r, $0}' | awk '{print $1, $2, $3, $4, $5, $NF}' >> "$OUT/summary.txt"
  done
done
unset FL_BOXREGS
for mode in 64 72 80; do
  start=$SECONDS
  FL_BOXREGS=$mode timeout 100 $b/gpu_tests --gtest_brief=1 --gtest_filter='*/box_fast*:*StripTail*box*' > "$OUT/tests_$mode.log" 2>&1
  echo "FL_BOXREGS=$mode gpu_tests rc=$? in $((SECONDS-start)) s $(grep -E '^\[  (PASSED|FAILED) +\]|^\[ variants' "$OUT/tests_$mode.log" | tr '\n' ' ')" >> "$OUT/summary.txt"
  grep -E "FAILED|Failure" "$OUT/tests_$mode.log" | head -10 >> "$OUT/summary.txt"
  gzip -9 "$OUT/tests_$mode.log"
done
cat "$OUT/summary.txt"
