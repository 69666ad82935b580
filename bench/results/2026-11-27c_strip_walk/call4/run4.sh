#!/usr/bin/env bash
# Session 2026-11-27c, call 4 (d897285 + the column-first morphology kernel, chosen at run time by FL_MC: 1 with 64
# registers for gray8, 2 with 80): strip GPU tests as committed; morphology GPU tests with FL_MC=1 and 2; bench
# of row-first (FL_MC=0) against column-first, same process per filter and format.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
start=$SECONDS
timeout 100 $b/gpu_tests --gtest_brief=1 --gtest_filter='*/gauss3_fast*:*/dilate*_fast*:*/erode*_fast*:*/sobel_fast*:*/box_fast*' > "$OUT/tests_strip.log" 2>&1
echo "strip gpu_tests rc=$? in $((SECONDS-start)) s $(grep -E '^\[  (PASSED|FAILED) +\]|^\[ variants' "$OUT/tests_strip.log" | tr '\n' ' ')" >> "$OUT/summary.txt"
for mc in 1 2; do
  start=$SECONDS
  FL_MC=$mc timeout 100 $b/gpu_tests --gtest_brief=1 --gtest_filter='*/dilate*_fast*:*/erode*_fast*' > "$OUT/tests_mc$mc.log" 2>&1
  echo "morph gpu_tests FL_MC=$mc rc=$? in $((SECONDS-start)) s $(grep -E '^\[  (PASSED|FAILED) +\]|^\[ variants' "$OUT/tests_mc$mc.log" | tr '\n' ' ')" >> "$OUT/summary.txt"
done
for run in 1 2; do
for fmt in gray8 rgba8; do
  for mc in 0 1 2; do
    st=""
    for p in 4 8 12 16; do st="$st --stage dilate5:variant=fast:ppt=$p"; done
    for p in 4 8; do st="$st --stage dilate3:variant=fast:ppt=$p"; done
    st="$st --stage erode5:variant=fast:ppt=8"
    echo "FL_MC=$mc $fmt run $run" >> "$OUT/bench.txt"
    FL_MC=$mc $b/filterlab bench --size 8192x8192 --format $fmt $st --repeat 30 >> "$OUT/bench.txt" 2>&1
  done
done; done
gzip -9 "$OUT"/tests_*.log
cat "$OUT/summary.txt"
grep -E "^(FL_MC|dilate|erode)" "$OUT/bench.txt" | awk '{ if ($1 ~ /FL_MC/) print; else print $1,$5,$(NF-3),$NF}'
