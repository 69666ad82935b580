#!/usr/bin/env bash
# Session 2026-11-27d, call 2 (trial build on 7b8d385: FL_GUIDE=K:PMIN gives the strip kernel's bands falling
# heights by launch order; FL_TRACE writes each warp's start, SM and end): strip GPU tests with the guide; bench
# guide settings; timelines.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
start=$SECONDS
FL_GUIDE=2:2 timeout 150 $b/gpu_tests --gtest_brief=1 --gtest_filter='*/gauss3_fast*:*/dilate*_fast*:*/erode*_fast*:*/sobel_fast*' > "$OUT/tests.log" 2>&1
echo "strip gpu_tests FL_GUIDE=2:2 rc=$? in $((SECONDS-start)) s $(grep -E '^\[  (PASSED|FAILED) +\]|^\[ variants' "$OUT/tests.log" | tr '\n' ' ')" >> "$OUT/summary.txt"
st="--stage dilate5:variant=fast --stage sobel:variant=fast --stage gauss3:variant=fast --stage dilate3:variant=fast --stage dilate5:variant=fast:ppt=12 --stage sobel:variant=fast:ppt=12"
for g in "" 1:2 2:2 2:1 4:2 1:4 "" 2:2; do
  echo "FL_GUIDE=$g" >> "$OUT/bench.txt"
  FL_GUIDE=$g $b/filterlab bench --size 8192x8192 --format gray8 $st --repeat 30 >> "$OUT/bench.txt" 2>&1
done
for g in "" 2:2; do
  for f in dilate5 sobel; do
    FL_GUIDE=$g FL_TRACE="$OUT/trace_${f}_${g/:/_}.txt" $b/filterlab bench --size 8192x8192 --format gray8 --stage $f:variant=fast --repeat 1 --warmup 2 > /dev/null 2>&1
  done
done
gzip -9 "$OUT"/trace_*.txt "$OUT/tests.log"
cat "$OUT/summary.txt"
grep -E "^(FL_GUIDE|dilate|sobel|gauss|copy)" "$OUT/bench.txt" | awk 'NF>4{print $1,$2,$3,$6,$(NF-3),$NF} NF<=2'
