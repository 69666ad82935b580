#!/usr/bin/env bash
# Session 2026-11-27b, call 5: more blocks per SM at the cost of spills (FL_X_MB set: dilate5/erode5 gray8 64
# registers, rgba8 80; sobel 64; half2 radius 3-4 80) against the committed bounds, same binary, same call.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
[ -d .gpu/bin ] && rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
FL_X_MB=1 timeout 100 $b/gpu_tests --gtest_brief=1 --gtest_filter='*dilate5_fast*:*erode5_fast*:*sobel_fast*:*gauss_half2*' > "$OUT/tests_mb.log" 2>&1
echo "FL_X_MB gpu_tests rc=$? $(grep -E '^\[  (PASSED|FAILED) +\]' "$OUT/tests_mb.log" | tr '\n' ' ')" >> "$OUT/summary.txt"
for run in 1 2; do for mb in "" 1; do
  tag=${mb:-base}
  env ${mb:+FL_X_MB=1} $b/filterlab bench --size 8192x8192 --format gray8 --stage dilate5:variant=fast --stage dilate5:variant=fast:ppt=4 --stage sobel:variant=fast --stage sobel:variant=fast:ppt=4 --stage gauss:variant=half2:radius=4:sigma=2 --stage gauss:variant=half2:radius=3:sigma=1.5 --stage gauss:variant=tensor:radius=4:sigma=2 --repeat 30 2>&1 | sed "s/^/$tag /" >> "$OUT/bench.txt"
  env ${mb:+FL_X_MB=1} $b/filterlab bench --size 8192x8192 --format rgba8 --stage dilate5:variant=fast:ppt=8 --stage dilate5:variant=fast:ppt=16 --stage gauss:variant=half2:radius=4:sigma=2 --stage gauss:variant=tensor:radius=4:sigma=2 --repeat 30 2>&1 | sed "s/^/$tag /" >> "$OUT/bench.txt"
done; done
cat "$OUT/summary.txt"; grep -E "dilate|sobel|gauss" "$OUT/bench.txt" | awk '{print $1,$2,$3,$4,$6,$7,$8,$(NF-3),$NF}'
