#!/usr/bin/env bash
# Session 8, call 1 (trial on 76f0640: FL_PAIRS, two output rows per step in the strip kernel): bench the strip
# stencils with FL_PAIRS unset / 1 (same register cap) / 2 (one block fewer per SM), 3 rounds alternated, then the
# strip GPU tests under both trial modes.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
g="--stage gauss3:variant=fast --stage dilate3:variant=fast --stage erode3:variant=fast --stage dilate5:variant=fast --stage erode5:variant=fast --stage sobel:variant=fast"
c="--stage gauss3:variant=fast --stage dilate3:variant=fast --stage dilate5:variant=fast"
for round in 1 2 3; do
  for mode in 0 1 2; do
    if [ $mode = 0 ]; then unset FL_PAIRS; else export FL_PAIRS=$mode; fi
    $b/filterlab bench --size 8192x8192 --format gray8 $g --repeat 30 > "$OUT/bench_g_${mode}_$round.txt" 2>&1
    $b/filterlab bench --size 8192x8192 --format rgba8 $c --repeat 30 > "$OUT/bench_c_${mode}_$round.txt" 2>&1
    for f in g c; do grep -E "^(gauss3|dilate|erode|sobel)" "$OUT/bench_${f}_${mode}_$round.txt" | awk -v m=$mode -v r=$round -v f=$f '{print "mode" m, "r" r, f, $1, $2, $NF}' >> "$OUT/summary.txt"; done
  done
done
unset FL_PAIRS
for mode in 2 1; do
  start=$SECONDS
  FL_PAIRS=$mode timeout 100 $b/gpu_tests --gtest_brief=1 --gtest_filter='*/gauss3_fast*:*/dilate*_fast*:*/erode*_fast*:*/sobel_fast*:*StripTail*' > "$OUT/tests_$mode.log" 2>&1
  echo "FL_PAIRS=$mode gpu_tests rc=$? in $((SECONDS-start)) s $(grep -E '^\[  (PASSED|FAILED) +\]|^\[ variants' "$OUT/tests_$mode.log" | tr '\n' ' ')" >> "$OUT/summary.txt"
  grep -E "FAILED|Failure" "$OUT/tests_$mode.log" | head -10 >> "$OUT/summary.txt"
  gzip -9 "$OUT/tests_$mode.log"
done
cat "$OUT/summary.txt"
