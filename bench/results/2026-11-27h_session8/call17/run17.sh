#!/usr/bin/env bash
# Session 8, call 17 (bc68dd4: gauss half2's and box's overlapping warps make their outside chunks through
# strip::OutsideChunk): GPU tests of gauss half2, box fast and the tail strips; memcheck and racecheck over half2
# and box on small images; half2 radius 1..4 gray8 / rgba8 and box r5 / r16 against the dd27361 build alternated,
# three rounds.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
$b/filterlab bench --size 64x64 --format gray8 --stage invert:variant=vec4 --repeat 1 2>&1 | grep commit >> "$OUT/summary.txt"
start=$SECONDS
timeout 200 $b/gpu_tests --gtest_brief=1 --gtest_filter='*/gauss_half2*:*/box_*:*StripTail*:*LaunchExtremes*' > /tmp/t.log 2>&1
echo "gpu_tests rc=$? in $((SECONDS-start)) s $(grep -E '^\[  (PASSED|FAILED|SKIPPED) +\]|^\[ variants' /tmp/t.log | tr '\n' ' ')" >> "$OUT/summary.txt"
grep -E "FAILED|Failure" /tmp/t.log | head -5 >> "$OUT/summary.txt"
for tool in memcheck racecheck; do
  timeout 150 compute-sanitizer --tool $tool --error-exitcode 9 $b/gpu_tests --gtest_brief=1 --gtest_filter='*/gauss_half2_gray8_17x13*:*/gauss_half2_rgba8_17x13*:*/gauss_half2_gray8_1x1*:*/gauss_half2_gray8_3x2*:*/box_fast_gray8_17x13*' > /tmp/s.log 2>&1
  echo "$tool rc=$? $(grep -E 'SUMMARY|^\[  (PASSED|FAILED) +\]' /tmp/s.log | tr '\n' ' ')" >> "$OUT/summary.txt"
done
g=""; for r in 1 2 3 4; do g="$g --stage gauss:variant=half2:radius=$r"; done
g="$g --stage box:variant=fast:radius=5 --stage box:variant=fast:radius=16"
c=""; for r in 1 2 3 4; do c="$c --stage gauss:variant=half2:radius=$r"; done
echo "A/B stages: gray8 half2 r1..4, box r5, r16; rgba8 half2 r1..4" >> "$OUT/summary.txt"
for round in 1 2 3; do
  for bin in filterlab_base filterlab; do
    $b/$bin bench --size 8192x8192 --format gray8 $g --repeat 30 > /tmp/one.txt 2>&1
    $b/$bin bench --size 8192x8192 --format rgba8 $c --repeat 30 >> /tmp/one.txt 2>&1
    cat /tmp/one.txt >> "$OUT/ab.txt"
    echo "$bin r$round $(grep -E '^(gauss|box)' /tmp/one.txt | awk '{printf "%s ", $NF}')" >> "$OUT/summary.txt"
  done
done
cat "$OUT/summary.txt"
