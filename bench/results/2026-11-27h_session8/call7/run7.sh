#!/usr/bin/env bash
# Session 8, call 7 (trial on 859380c: FL_PRIME, 5x5 morphology primes its window with 8 rows in flight through an
# 8-slot ring, then keeps 3 ahead as before): dilate5 / erode5 gray8 and rgba8 with and without, 3 rounds
# alternated; their GPU tests and the tail-strip tests with it; memcheck and racecheck over 5x5 tail-strip tests.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
g="--stage dilate5:variant=fast --stage erode5:variant=fast --stage gauss3:variant=fast --stage dilate5:variant=fast:ppt=8 --stage dilate5:variant=fast:ppt=12"
for round in 1 2 3; do
  for mode in 0 1; do
    if [ $mode = 0 ]; then unset FL_PRIME; else export FL_PRIME=1; fi
    $b/filterlab bench --size 8192x8192 --format gray8 $g --repeat 30 > "$OUT/g_${mode}_$round.txt" 2>&1
    $b/filterlab bench --size 8192x8192 --format rgba8 --stage dilate5:variant=fast --stage erode5:variant=fast --repeat 30 > "$OUT/c_${mode}_$round.txt" 2>&1
    echo "prime$mode r$round $(grep -hE '^(dilate|erode|gauss)' "$OUT/g_${mode}_$round.txt" "$OUT/c_${mode}_$round.txt" | awk '{printf "%s ", $NF}')" >> "$OUT/summary.txt"
  done
done
unset FL_PRIME
start=$SECONDS
FL_PRIME=1 timeout 100 $b/gpu_tests --gtest_brief=1 --gtest_filter='*/dilate5_fast*:*/erode5_fast*:*StripTail*' > "$OUT/tests.log" 2>&1
echo "FL_PRIME=1 gpu_tests rc=$? in $((SECONDS-start)) s $(grep -E '^\[  (PASSED|FAILED) +\]|^\[ variants' "$OUT/tests.log" | tr '\n' ' ')" >> "$OUT/summary.txt"
grep -E "FAILED|Failure" "$OUT/tests.log" | head -10 >> "$OUT/summary.txt"
gzip -9 "$OUT/tests.log"
for tool in memcheck racecheck; do
  start=$SECONDS
  FL_PRIME=1 timeout 120 compute-sanitizer --tool $tool --error-exitcode 9 $b/gpu_tests --gtest_brief=1 --gtest_filter='*StripTail*/dilate5_*:*StripTail*/erode5_*' > "$OUT/$tool.log" 2>&1
  echo "$tool rc=$? in $((SECONDS-start)) s $(grep -E 'ERROR SUMMARY|^\[  (PASSED|FAILED) +\]' "$OUT/$tool.log" | tr '\n' ' ')" >> "$OUT/summary.txt"
  gzip -9 "$OUT/$tool.log"
done
cat "$OUT/summary.txt"
