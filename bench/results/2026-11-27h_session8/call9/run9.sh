#!/usr/bin/env bash
# Session 8, call 9 (trial on 859380c: FL_OWN, box fast radius 3..7 with warps of their own and the window primed
# with every slot in flight; FL_BOXTAIL, its tail divisor at radius 3..7): as committed / own warps with the
# declared tails / with quarter tails (4) / with half tails (2), 3 rounds alternated; box GPU tests with own warps
# under each tail; memcheck and racecheck over box's tail-strip tests with own warps. Few files come back: every
# bench goes to one file.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
st="--stage box:variant=fast:radius=3 --stage box:variant=fast:radius=3:ppt=12"
st="$st --stage box:variant=fast:radius=4 --stage box:variant=fast:radius=4:ppt=12 --stage box:variant=fast:radius=4:ppt=16"
st="$st --stage box:variant=fast:radius=5 --stage box:variant=fast:radius=5:ppt=12 --stage box:variant=fast:radius=5:ppt=16"
st="$st --stage box:variant=fast:radius=6 --stage box:variant=fast:radius=6:ppt=16"
st="$st --stage box:variant=fast:radius=7 --stage box:variant=fast:radius=7:ppt=16"
echo "stages: $st" >> "$OUT/summary.txt"
run() {  # label, then environment assignments
  local label=$1; shift
  env "$@" $b/filterlab bench --size 8192x8192 --format gray8 $st --repeat 30 > /tmp/one.txt 2>&1
  cat /tmp/one.txt >> "$OUT/bench_all.txt"
  echo "$label $(grep -hE '^box' /tmp/one.txt | awk '{printf "%s ", $NF}')" >> "$OUT/summary.txt"
}
for round in 1 2 3; do
  run "committed r$round" FL_NONE=1
  run "own r$round" FL_OWN=1
  run "own_q r$round" FL_OWN=1 FL_BOXTAIL=4
  run "own_h r$round" FL_OWN=1 FL_BOXTAIL=2
done
for t in 0 4 2; do
  start=$SECONDS
  FL_OWN=1 FL_BOXTAIL=$t timeout 100 $b/gpu_tests --gtest_brief=1 --gtest_filter='*/box_*:*StripTail*/box*' > /tmp/tests.log 2>&1
  echo "FL_OWN=1 FL_BOXTAIL=$t gpu_tests rc=$? in $((SECONDS-start)) s $(grep -E '^\[  (PASSED|FAILED) +\]|^\[ variants' /tmp/tests.log | tr '\n' ' ')" >> "$OUT/summary.txt"
  grep -E "FAILED|Failure" /tmp/tests.log | head -10 >> "$OUT/summary.txt"
done
for tool in memcheck racecheck; do
  FL_OWN=1 timeout 120 compute-sanitizer --tool $tool --error-exitcode 9 $b/gpu_tests --gtest_brief=1 --gtest_filter='*StripTail*/box_*' > /tmp/san.log 2>&1
  echo "$tool rc=$? $(grep -E 'SUMMARY|^\[  (PASSED|FAILED) +\]' /tmp/san.log | tr '\n' ' ')" >> "$OUT/summary.txt"
done
cat "$OUT/summary.txt"
