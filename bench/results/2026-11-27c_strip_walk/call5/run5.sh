#!/usr/bin/env bash
# Session 2026-11-27c, call 5 (d897285 + StripKernel's row loop unrolled by 2R + 1 when FL_UNROLL=1, so that the
# window slides by renaming instead of register moves): strip GPU tests with it; bench against unroll 2; SASS
# of sobel; ncu instruction mix of sobel and dilate5 both ways.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
start=$SECONDS
FL_UNROLL=1 timeout 100 $b/gpu_tests --gtest_brief=1 --gtest_filter='*/gauss3_fast*:*/dilate*_fast*:*/erode*_fast*:*/sobel_fast*:*/gray_fast*' > "$OUT/tests.log" 2>&1
echo "strip gpu_tests FL_UNROLL=1 rc=$? in $((SECONDS-start)) s $(grep -E '^\[  (PASSED|FAILED) +\]|^\[ variants' "$OUT/tests.log" | tr '\n' ' ')" >> "$OUT/summary.txt"
for run in 1 2; do for u in 0 1; do
  echo "FL_UNROLL=$u gray8 run $run" >> "$OUT/bench.txt"
  FL_UNROLL=$u $b/filterlab bench --size 8192x8192 --format gray8 --stage dilate5:variant=fast:ppt=8 --stage dilate5:variant=fast:ppt=12 --stage sobel:variant=fast --stage sobel:variant=fast:ppt=12 --stage dilate3:variant=fast --stage gauss3:variant=fast --stage erode5:variant=fast --repeat 30 >> "$OUT/bench.txt" 2>&1
  echo "FL_UNROLL=$u rgba8 run $run" >> "$OUT/bench.txt"
  FL_UNROLL=$u $b/filterlab bench --size 8192x8192 --format rgba8 --stage dilate5:variant=fast --stage dilate3:variant=fast --stage gauss3:variant=fast --repeat 30 >> "$OUT/bench.txt" 2>&1
done; done
cob=$(command -v cuobjdump || echo /usr/local/cuda/bin/cuobjdump)
$cob -sass $b/filterlab 2>/dev/null | awk '/Function :/{keep = ($0 ~ /SobelStencil/)} keep' > "$OUT/sobel.sass"
echo "sobel sass lines $(wc -l < "$OUT/sobel.sass")" >> "$OUT/summary.txt"
for u in 0 1; do
  FL_UNROLL=$u timeout 100 ncu --section InstructionStats --section SpeedOfLight --print-details all -k "regex:StripKernel" $b/filterlab bench --size 8192x8192 --format gray8 --stage sobel:variant=fast --stage dilate5:variant=fast --repeat 1 --warmup 0 > "$OUT/ncu_u$u.txt" 2>&1
  echo "ncu FL_UNROLL=$u rc=$?" >> "$OUT/summary.txt"
done
gzip -9 "$OUT/tests.log" "$OUT/sobel.sass"
cat "$OUT/summary.txt"
grep -E "^(FL_UNROLL|dilate|erode|sobel|gauss)" "$OUT/bench.txt" | awk '{ if ($1 ~ /FL_UNROLL/) print; else print $1,$5,$(NF-3),$NF}'
grep -E "StripKernel|Executed Instructions  |Duration" "$OUT"/ncu_u*.txt | cut -c1-150
