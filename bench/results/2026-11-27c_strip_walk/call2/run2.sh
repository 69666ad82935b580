#!/usr/bin/env bash
# Session 2026-11-27c, call 2 (trial build: FL_ALT=1 makes odd strips walk bottom-up): GPU tests of the strip
# kernels with it; bench of the strip kernels by ppt, alternating off and on, same process per filter.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
start=$SECONDS
FL_ALT=1 timeout 150 $b/gpu_tests --gtest_brief=1 --gtest_filter='*/gauss3_fast*:*/dilate*_fast*:*/erode*_fast*:*/sobel_fast*:*/box_fast*' > "$OUT/tests.log" 2>&1
echo "strip gpu_tests FL_ALT=1 rc=$? in $((SECONDS-start)) s $(grep -E '^\[  (PASSED|FAILED) +\]|^\[ variants' "$OUT/tests.log" | tr '\n' ' ')" >> "$OUT/summary.txt"
for f in "dilate5:variant=fast" "sobel:variant=fast" "box:variant=fast:radius=3" "box:variant=fast:radius=4" "dilate3:variant=fast" "gauss3:variant=fast"; do
  for alt in 0 1; do
    st=""; for p in 4 8 12 16 24 32; do st="$st --stage $f:ppt=$p"; done
    echo "FL_ALT=$alt" >> "$OUT/bench.txt"
    FL_ALT=$alt $b/filterlab bench --size 8192x8192 --format gray8 $st --repeat 30 >> "$OUT/bench.txt" 2>&1
  done
done
for alt in 0 1; do
  st=""; for p in 8 16 32; do st="$st --stage dilate5:variant=fast:ppt=$p"; done
  echo "FL_ALT=$alt rgba8" >> "$OUT/bench.txt"
  FL_ALT=$alt $b/filterlab bench --size 8192x8192 --format rgba8 $st --repeat 30 >> "$OUT/bench.txt" 2>&1
done
gzip -9 "$OUT/tests.log"
cat "$OUT/summary.txt"
grep -E "^(FL_ALT|dilate|sobel|box|gauss|copy)" "$OUT/bench.txt" | awk '{print $1,$2,$3,$4,$5,$6,$7,$(NF-3),$NF}'
