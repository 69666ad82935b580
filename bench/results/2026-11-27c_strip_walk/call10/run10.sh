#!/usr/bin/env bash
# Session 2026-11-27c, call 10 (440e5ba): after the strip walk (d897285, 6765fd2) and columns' whole-batch rule (3d47b7f): every GPU test, the interop UI tests, the suite
# and the peers.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
start=$SECONDS
timeout 400 $b/gpu_tests --gtest_brief=1 > "$OUT/gpu_tests.log" 2>&1; echo "gpu_tests rc=$? in $((SECONDS-start)) s" >> "$OUT/summary.txt"
grep -E '^\[ (variants)' "$OUT/gpu_tests.log" >> "$OUT/summary.txt"
grep -E '^\[  (PASSED|FAILED|SKIPPED)' "$OUT/gpu_tests.log" | head -20 >> "$OUT/summary.txt"
gzip -9 "$OUT/gpu_tests.log"
FILTERLAB_EXE=$b/filterlab timeout 150 $b/ui_tests --gtest_brief=1 --gtest_filter='*SharedTexture*:Screenshot.*CudaInterop*:Screenshot.WholeFrame*:Ab*:MeasureFrames*' > /tmp/ui.log 2>&1; echo "ui_tests rc=$?" >> "$OUT/summary.txt"
grep -E '^\[  (PASSED|FAILED|SKIPPED)' /tmp/ui.log >> "$OUT/summary.txt"
for t in memcheck racecheck; do
  start=$SECONDS
  timeout 150 compute-sanitizer --tool $t --error-exitcode 9 $b/gpu_tests --gtest_brief=1 --gtest_filter='*/box_fast_gray8_1023x769*:*/dilate5_fast_gray8_1023x769*:*/sobel_fast_gray8_17x13*:*/box_fast_gray8_17x13*' > "$OUT/$t.log" 2>&1
  echo "$t rc=$? in $((SECONDS-start)) s $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY|^\[  (PASSED|FAILED) +\]' "$OUT/$t.log" | tr '\n' ' ')" >> "$OUT/summary.txt"
  gzip -9 "$OUT/$t.log"
done
start=$SECONDS
bash bench/run_suite.sh run > /tmp/suite_run.txt 2>&1
echo "suite rc=$? in $((SECONDS-start)) s" >> "$OUT/summary.txt"
cat "$OUT/summary.txt"; grep -E "^(dilate|erode|gauss|sobel|box|copy )" "$OUT/suite.txt" | grep -E " fast | columns | tensor |cudaMemcpy" | cut -c1-150
