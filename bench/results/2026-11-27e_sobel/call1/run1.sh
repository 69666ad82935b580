#!/usr/bin/env bash
# Session 2026-11-27e, call 1 (aee540c, HEAD at the session's start): every GPU test, the interop and frame UI
# tests; executed SASS per instruction (ncu source counters) of sobel, dilate5 and box r3 fast at their defaults.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
start=$SECONDS
timeout 300 $b/gpu_tests --gtest_brief=1 > "$OUT/gpu_tests.log" 2>&1; echo "gpu_tests rc=$? in $((SECONDS-start)) s" >> "$OUT/summary.txt"
grep -E '^\[ (variants)' "$OUT/gpu_tests.log" >> "$OUT/summary.txt"
grep -E '^\[  (PASSED|FAILED|SKIPPED)' "$OUT/gpu_tests.log" | head -20 >> "$OUT/summary.txt"
gzip -9 "$OUT/gpu_tests.log"
FILTERLAB_EXE=$b/filterlab timeout 100 $b/ui_tests --gtest_brief=1 --gtest_filter='*SharedTexture*:Screenshot.*CudaInterop*:Screenshot.WholeFrame*:Ab*:MeasureFrames*' > /tmp/ui.log 2>&1; echo "ui_tests rc=$?" >> "$OUT/summary.txt"
grep -E '^\[  (PASSED|FAILED|SKIPPED)' /tmp/ui.log >> "$OUT/summary.txt"
for st in sobel:variant=fast dilate5:variant=fast box:variant=fast:radius=3; do
  n=${st%%:*}; [ "$n" = box ] && n=box3
  timeout 60 ncu --section SourceCounters --import-source no --page source --print-source sass -c 1 \
    -k "regex:StripKernel|BoxFast" $b/filterlab bench --size 8192x8192 --format gray8 --stage $st --repeat 1 --warmup 0 \
    > "$OUT/${n}_sass.txt" 2>&1
  echo "ncu $n rc=$?" >> "$OUT/summary.txt"; gzip -9 "$OUT/${n}_sass.txt"
done
cat "$OUT/summary.txt"
