#!/usr/bin/env bash
# Session 8, call 8 (trial on 859380c: FL_OWN, box fast radius 3 and 4 with warps of their own (edge chunks) and the
# window primed with every slot in flight): bench with and without, 3 rounds alternated; box GPU tests and racecheck
# with it; then ncu of the committed kernels (box r3, r8, r16; dilate5) for their limiters.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
st=""; for p in 8 12 16 24; do st="$st --stage box:variant=fast:radius=3:ppt=$p"; done
for p in 8 12 16; do st="$st --stage box:variant=fast:radius=4:ppt=$p"; done
for round in 1 2 3; do
  for mode in 0 1; do
    if [ $mode = 0 ]; then unset FL_OWN; else export FL_OWN=1; fi
    $b/filterlab bench --size 8192x8192 --format gray8 $st --repeat 30 > "$OUT/own_${mode}_$round.txt" 2>&1
    echo "own$mode r$round $(grep -hE '^box' "$OUT/own_${mode}_$round.txt" | awk '{printf "%s ", $NF}')" >> "$OUT/summary.txt"
  done
done
unset FL_OWN
start=$SECONDS
FL_OWN=1 timeout 100 $b/gpu_tests --gtest_brief=1 --gtest_filter='*/box_*:*StripTail*/box*' > "$OUT/tests.log" 2>&1
echo "FL_OWN=1 gpu_tests rc=$? in $((SECONDS-start)) s $(grep -E '^\[  (PASSED|FAILED) +\]|^\[ variants' "$OUT/tests.log" | tr '\n' ' ')" >> "$OUT/summary.txt"
grep -E "FAILED|Failure" "$OUT/tests.log" | head -10 >> "$OUT/summary.txt"
gzip -9 "$OUT/tests.log"
FL_OWN=1 timeout 100 compute-sanitizer --tool racecheck --error-exitcode 9 $b/gpu_tests --gtest_brief=1 --gtest_filter='*StripTail*/box_r3*' > "$OUT/racecheck.log" 2>&1
echo "racecheck rc=$? $(grep -E 'ERROR SUMMARY|^\[  (PASSED|FAILED) +\]' "$OUT/racecheck.log" | tr '\n' ' ')" >> "$OUT/summary.txt"
gzip -9 "$OUT/racecheck.log"
timeout 150 ncu --clock-control none --section SpeedOfLight --section Occupancy --section WarpStateStats --section SchedulerStats --section LaunchStats -k "regex:BoxFast|StripKernel" $b/filterlab bench --size 8192x8192 --format gray8 --stage box:variant=fast:radius=3 --stage box:variant=fast:radius=8 --stage box:variant=fast:radius=16 --stage dilate5:variant=fast --repeat 1 --warmup 0 > "$OUT/ncu.txt" 2>&1
echo "ncu rc=$?" >> "$OUT/summary.txt"
grep -E "^  [A-Za-z].*Box|^  [A-Za-z].*Strip|Duration|Registers Per|Achieved Occupancy|Theoretical Occupancy|Issue Slots Busy|No Eligible|Eligible Warps|Active Warps Per|Warp Cycles Per Issued|DRAM Throughput|L2 Cache Throughput|Compute \(SM\) Th|Memory Throughput|Shared Memory Configuration Size|Dynamic Shared|Block Limit" "$OUT/ncu.txt" | cut -c1-110 >> "$OUT/summary.txt"
gzip -9 "$OUT/ncu.txt"
cat "$OUT/summary.txt"
