#!/usr/bin/env bash
# Session 11, call 8 (bae6948, the last commit that changes code): every GPU test, the interop / frame / A/B /
# timing-export UI tests, memcheck and racecheck over gauss tensor, the warp tile kernel, the both-tiers tests of
# sobel and gauss3, and the 1023x769 tests of gauss tensor, sobel and dilate5 (short grids halved).
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
$b/filterlab bench --size 64x64 --format gray8 --stage invert:variant=vec4 --repeat 1 2>&1 | grep commit >> "$OUT/summary.txt"
start=$SECONDS
timeout 360 $b/gpu_tests --gtest_brief=1 > /tmp/gpu_tests.log 2>&1; echo "gpu_tests rc=$? in $((SECONDS-start)) s" >> "$OUT/summary.txt"
grep -E '^\[  (PASSED|FAILED|SKIPPED)' /tmp/gpu_tests.log | head -20 >> "$OUT/summary.txt"
grep -E 'tests ran|runs' /tmp/gpu_tests.log | tail -3 >> "$OUT/summary.txt"
gzip -9c /tmp/gpu_tests.log > "$OUT/gpu_tests.log.gz"
FILTERLAB_EXE=$b/filterlab timeout 100 $b/ui_tests --gtest_brief=1 --gtest_filter='*SharedTexture*:Screenshot.*CudaInterop*:Screenshot.WholeFrame*:Ab*:MeasureFrames*:TimingExport*' > /tmp/ui.log 2>&1; echo "ui_tests rc=$?" >> "$OUT/summary.txt"
grep -E '^\[  (PASSED|FAILED|SKIPPED)' /tmp/ui.log >> "$OUT/summary.txt"
f='*gauss_tensor_gray8_17x13*:*gauss_tensor_rgba8_17x13*:*gauss_tensor_gray8_3x2*:*gauss_tensor_*_1023x769_b32x8_ppt128_*:*warp_affine*17x13*:*warp_affine*3x2*:*BothTiersMatchTheOracle/sobel*:*BothTiersMatchTheOracle/gauss3*:*sobel_fast_gray8_1023x769_b32x4_ppt16_smem*:*dilate5_fast_*_1023x769_b32x4_ppt16_smem*'
for tool in memcheck racecheck; do
  start=$SECONDS
  timeout 170 compute-sanitizer --tool $tool --error-exitcode 9 $b/gpu_tests --gtest_brief=1 --gtest_filter="$f" > /tmp/$tool.log 2>&1
  echo "$tool rc=$? in $((SECONDS-start)) s $(grep -E 'SUMMARY|^\[  (PASSED|FAILED) +\]' /tmp/$tool.log | tr '\n' ' ')" >> "$OUT/summary.txt"
done
cat "$OUT/summary.txt"
