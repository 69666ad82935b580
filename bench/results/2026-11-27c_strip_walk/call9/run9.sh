#!/usr/bin/env bash
# Session 2026-11-27c, call 9 (d897285 + sobel trial: FL_SOBEL=1 keeps the exponent word 0x4B000000 in a register
# the compiler cannot rematerialize, instead of re-making the PRMT selector from a uniform register before each
# lane conversion, 56 instructions of the 593 of two rows): sobel GPU tests with it; bench both ways; SASS counts.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
FL_SOBEL=1 timeout 100 $b/gpu_tests --gtest_brief=1 --gtest_filter='*sobel*:*Sobel*' > "$OUT/tests.log" 2>&1
echo "sobel gpu_tests FL_SOBEL=1 rc=$? $(grep -E '^\[  (PASSED|FAILED) +\]|^\[ variants' "$OUT/tests.log" | tr '\n' ' ')" >> "$OUT/summary.txt"
for run in 1 2 3; do for s in 0 1; do
  echo "FL_SOBEL=$s run $run" >> "$OUT/bench.txt"
  FL_SOBEL=$s $b/filterlab bench --size 8192x8192 --format gray8 --stage sobel:variant=fast --stage sobel:variant=fast:ppt=12 --stage sobel:variant=fast:ppt=16 --repeat 30 >> "$OUT/bench.txt" 2>&1
done; done
cob=$(command -v cuobjdump || echo /usr/local/cuda/bin/cuobjdump)
$cob -sass $b/filterlab 2>/dev/null | awk '/Function :/{keep = ($0 ~ /SobelStencil/)} keep' > "$OUT/sobel.sass"
awk '/Function :/{f=$0} /RZ, RZ, UR|MOV R[0-9]+, UR/{n[f]++} /PRMT/{p[f]++} END {for (k in p) print n[k]+0, "remat", p[k], "PRMT", k}' "$OUT/sobel.sass" >> "$OUT/summary.txt"
for s in 0 1; do
  FL_SOBEL=$s timeout 60 ncu --metrics smsp__inst_executed.sum,gpu__time_duration.sum,smsp__issue_active.avg.pct_of_peak_sustained_active -k "regex:StripKernel" $b/filterlab bench --size 8192x8192 --format gray8 --stage sobel:variant=fast --repeat 1 --warmup 0 > "$OUT/ncu_s$s.txt" 2>&1
  echo "FL_SOBEL=$s $(grep -E 'inst_executed|duration|issue_active' "$OUT/ncu_s$s.txt" | awk '{print $1, $NF}' | tr '\n' ' ')" >> "$OUT/summary.txt"
done
gzip -9 "$OUT/tests.log" "$OUT/sobel.sass"
cat "$OUT/summary.txt"
grep -E "^(FL_SOBEL|sobel)" "$OUT/bench.txt" | awk '{ if ($1 ~ /FL_SOBEL/) print; else print $1,$5,$6,$(NF-3),$NF}'
