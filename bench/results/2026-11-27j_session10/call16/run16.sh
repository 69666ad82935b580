#!/usr/bin/env bash
# Session 10, call 16 (2b5659b, the final commit, after the last kernel changes fcb0880 and 2b5659b): every GPU test, the interop /
# frame / A/B / timing-export UI tests, memcheck and racecheck over gauss tensor, the warp tile kernel and the
# both-tiers tests of sobel and gauss3, then the suite and peers. At most 8 files come back.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
$b/filterlab bench --size 64x64 --format gray8 --stage invert:variant=vec4 --repeat 1 2>&1 | grep commit >> "$OUT/summary.txt"
start=$SECONDS
timeout 330 $b/gpu_tests --gtest_brief=1 > /tmp/gpu_tests.log 2>&1; echo "gpu_tests rc=$? in $((SECONDS-start)) s" >> "$OUT/summary.txt"
grep -E '^\[  (PASSED|FAILED|SKIPPED)' /tmp/gpu_tests.log | head -20 >> "$OUT/summary.txt"
grep -E 'tests ran|runs' /tmp/gpu_tests.log | tail -3 >> "$OUT/summary.txt"
gzip -9c /tmp/gpu_tests.log > "$OUT/gpu_tests.log.gz"
FILTERLAB_EXE=$b/filterlab timeout 100 $b/ui_tests --gtest_brief=1 --gtest_filter='*SharedTexture*:Screenshot.*CudaInterop*:Screenshot.WholeFrame*:Ab*:MeasureFrames*:TimingExport*' > /tmp/ui.log 2>&1; echo "ui_tests rc=$?" >> "$OUT/summary.txt"
grep -E '^\[  (PASSED|FAILED|SKIPPED)' /tmp/ui.log >> "$OUT/summary.txt"
f='*gauss_tensor_gray8_17x13*:*gauss_tensor_rgba8_17x13*:*gauss_tensor_gray8_3x2*:*warp_affine*17x13*:*warp_affine*3x2*:*BothTiersMatchTheOracle/sobel*:*BothTiersMatchTheOracle/gauss3*'
for tool in memcheck racecheck; do
  start=$SECONDS
  timeout 150 compute-sanitizer --tool $tool --error-exitcode 9 $b/gpu_tests --gtest_brief=1 --gtest_filter="$f" > /tmp/$tool.log 2>&1
  echo "$tool rc=$? in $((SECONDS-start)) s $(grep -E 'SUMMARY|^\[  (PASSED|FAILED) +\]' /tmp/$tool.log | tr '\n' ' ')" >> "$OUT/summary.txt"
done
start=$SECONDS
bash bench/run_suite.sh run > /tmp/suite_run.txt 2>&1
echo "suite rc=$? in $((SECONDS-start)) s" >> "$OUT/summary.txt"
rm -f "$OUT/suite.err"
cat "$OUT/summary.txt"; grep -E "^(dilate|erode|gauss3|gauss |sobel|box|copy |warp)" "$OUT/suite.txt" | grep -E " fast | tensor |cudaMemcpy" | cut -c1-150
