#!/usr/bin/env bash
# Session 2026-11-27f, call 14 (a49ac9b: the second reading's one cp.async helper; ptxas reports unchanged): the GPU
# tests of every kernel that fetches through it (strip stencils, box fast, gauss tensor and half2, the tail-strip
# test), then a short bench of them against the copy.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
start=$SECONDS
timeout 200 $b/gpu_tests --gtest_brief=1 --gtest_filter='*/gauss3_fast*:*/dilate*_fast*:*/erode*_fast*:*/sobel_fast*:*/box_fast*:*/gauss_tensor*:*/gauss_half2*:*StripTail*' > "$OUT/tests.log" 2>&1
echo "gpu_tests rc=$? in $((SECONDS-start)) s $(grep -E '^\[  (PASSED|FAILED) +\]|^\[ variants' "$OUT/tests.log" | tr '\n' ' ')" >> "$OUT/summary.txt"
grep -E "FAILED|Failure" "$OUT/tests.log" | head -10 >> "$OUT/summary.txt"
gzip -9 "$OUT/tests.log"
$b/filterlab bench --size 8192x8192 --format gray8 --stage dilate5:variant=fast --stage sobel:variant=fast --stage gauss3:variant=fast --stage box:variant=fast:radius=1 --stage box:variant=fast:radius=3 --stage gauss:variant=tensor --repeat 30 > "$OUT/bench.txt" 2>&1
grep -E "^(copy|dilate5|sobel|gauss|box)" "$OUT/bench.txt" | awk '{print $1, $2, $NF}' >> "$OUT/summary.txt"
cat "$OUT/summary.txt"
