#!/usr/bin/env bash
# Session 8, call 6 (candidate on 76f0640: box fast keeps every radius's window in the ring and primes it with all
# slots in flight at radius 1-2 and from 6; new rows-per-thread rule; FL_BOXTAIL trial switch for radius >= 8):
# box GPU tests, memcheck and racecheck over box's tail-strip tests, box radius 1..16 against the 76f0640 build
# (filterlab_base) alternated, 3 rounds, then the tail divisor from radius 8 (0 / 2 / 4), 3 rounds.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
start=$SECONDS
timeout 120 $b/gpu_tests --gtest_brief=1 --gtest_filter='*/box_*:*StripTail*' > "$OUT/tests.log" 2>&1
echo "gpu_tests rc=$? in $((SECONDS-start)) s $(grep -E '^\[  (PASSED|FAILED) +\]|^\[ variants' "$OUT/tests.log" | tr '\n' ' ')" >> "$OUT/summary.txt"
grep -E "FAILED|Failure" "$OUT/tests.log" | head -10 >> "$OUT/summary.txt"
gzip -9 "$OUT/tests.log"
for tool in memcheck racecheck; do
  start=$SECONDS
  timeout 120 compute-sanitizer --tool $tool --error-exitcode 9 $b/gpu_tests --gtest_brief=1 --gtest_filter='*StripTail*/box_*' > "$OUT/$tool.log" 2>&1
  echo "$tool rc=$? in $((SECONDS-start)) s $(grep -E 'ERROR SUMMARY|^\[  (PASSED|FAILED) +\]' "$OUT/$tool.log" | tr '\n' ' ')" >> "$OUT/summary.txt"
  gzip -9 "$OUT/$tool.log"
done
st=""; for r in $(seq 1 16); do st="$st --stage box:variant=fast:radius=$r"; done
for round in 1 2 3; do
  for bin in filterlab_base filterlab; do
    $b/$bin bench --size 8192x8192 --format gray8 $st --repeat 30 > "$OUT/bench_${bin}_$round.txt" 2>&1
    echo "$bin r$round $(grep -E '^box' "$OUT/bench_${bin}_$round.txt" | awk '{printf "%s ", $NF}')" >> "$OUT/summary.txt"
  done
done
grep -E '^box' "$OUT/bench_filterlab_1.txt" | awk '{print $2, $4}' | tr '\n' ';' >> "$OUT/summary.txt"; echo >> "$OUT/summary.txt"
grep -E '^box' "$OUT/bench_filterlab_base_1.txt" | awk '{print $2, $4}' | tr '\n' ';' >> "$OUT/summary.txt"; echo >> "$OUT/summary.txt"
st=""; for r in 8 10 12 14 16; do st="$st --stage box:variant=fast:radius=$r"; done
for round in 1 2 3; do
  for t in 2 0 4; do
    FL_BOXTAIL=$t $b/filterlab bench --size 8192x8192 --format gray8 $st --repeat 30 > "$OUT/tail_${t}_$round.txt" 2>&1
    echo "tail$t r$round $(grep -E '^box' "$OUT/tail_${t}_$round.txt" | awk '{printf "%s ", $NF}')" >> "$OUT/summary.txt"
  done
done
cat "$OUT/summary.txt"
