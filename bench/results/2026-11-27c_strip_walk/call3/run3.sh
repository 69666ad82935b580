#!/usr/bin/env bash
# Session 2026-11-27c, call 3 (trial build: FL_ALT=1 odd strips bottom-up; FL_RAMP=1 strip lengths falling from
# 1.5x to 0.5x the mean in launch order): GPU tests with both; bench by ppt with ramp off and on.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
start=$SECONDS
FL_ALT=1 FL_RAMP=1 timeout 200 $b/gpu_tests --gtest_brief=1 --gtest_filter='*/gauss3_fast*:*/dilate*_fast*:*/erode*_fast*:*/sobel_fast*:*/box_fast*:*/gauss_half2*' > "$OUT/tests.log" 2>&1
echo "strip gpu_tests FL_ALT=1 FL_RAMP=1 rc=$? in $((SECONDS-start)) s $(grep -E '^\[  (PASSED|FAILED) +\]|^\[ variants' "$OUT/tests.log" | tr '\n' ' ')" >> "$OUT/summary.txt"
for f in "dilate5:variant=fast" "box:variant=fast:radius=3" "box:variant=fast:radius=4" "sobel:variant=fast" "dilate3:variant=fast" "box:variant=fast:radius=16"; do
  for ramp in 0 1; do
    st=""; for p in 4 8 12 16 24; do st="$st --stage $f:ppt=$p"; done
    echo "FL_ALT=1 FL_RAMP=$ramp" >> "$OUT/bench.txt"
    FL_ALT=1 FL_RAMP=$ramp $b/filterlab bench --size 8192x8192 --format gray8 $st --repeat 30 >> "$OUT/bench.txt" 2>&1
  done
done
for fmt in gray8 rgba8; do for ramp in 0 1; do
  st=""; for r in 2 3 4; do for p in 8 16 24; do st="$st --stage gauss:variant=half2:radius=$r:ppt=$p"; done; done
  [ $fmt = rgba8 ] && st="$st --stage dilate5:variant=fast:ppt=16 --stage dilate5:variant=fast:ppt=24"
  echo "FL_ALT=1 FL_RAMP=$ramp $fmt" >> "$OUT/bench.txt"
  FL_ALT=1 FL_RAMP=$ramp $b/filterlab bench --size 8192x8192 --format $fmt $st --repeat 30 >> "$OUT/bench.txt" 2>&1
done; done
gzip -9 "$OUT/tests.log"
cat "$OUT/summary.txt"
grep -E "^(FL_ALT|dilate|sobel|box|gauss|copy)" "$OUT/bench.txt" | awk '{ if ($1 ~ /FL_ALT/) print; else print $1,$3,$4,$5,$(NF-4),$NF}'
