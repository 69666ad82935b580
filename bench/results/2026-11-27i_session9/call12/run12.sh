#!/usr/bin/env bash
# Session 9, call 12 (abd662c, the session's last change to what runs on the GPU): every GPU test, the interop / frame /
# A/B / timing-export UI tests, memcheck and racecheck over the tail-strip tests (box, sobel and the other strip
# stencils) and small box images, the strip stencils and box radius 1..16 against the session's first build
# (17fbca2) alternated (three rounds), then the suite and peers. At most 8 files come back.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
$b/filterlab bench --size 64x64 --format gray8 --stage invert:variant=vec4 --repeat 1 2>&1 | grep commit >> "$OUT/summary.txt"
start=$SECONDS
timeout 330 $b/gpu_tests --gtest_brief=1 > /tmp/gpu_tests.log 2>&1; echo "gpu_tests rc=$? in $((SECONDS-start)) s" >> "$OUT/summary.txt"
grep -E '^\[ (variants)' /tmp/gpu_tests.log >> "$OUT/summary.txt"
grep -E '^\[  (PASSED|FAILED|SKIPPED)' /tmp/gpu_tests.log | head -20 >> "$OUT/summary.txt"
gzip -9c /tmp/gpu_tests.log > "$OUT/gpu_tests.log.gz"
FILTERLAB_EXE=$b/filterlab timeout 100 $b/ui_tests --gtest_brief=1 --gtest_filter='*SharedTexture*:Screenshot.*CudaInterop*:Screenshot.WholeFrame*:Ab*:MeasureFrames*:TimingExport*' > /tmp/ui.log 2>&1; echo "ui_tests rc=$?" >> "$OUT/summary.txt"
grep -E '^\[  (PASSED|FAILED|SKIPPED)' /tmp/ui.log >> "$OUT/summary.txt"
for tool in memcheck racecheck; do
  start=$SECONDS
  timeout 150 compute-sanitizer --tool $tool --error-exitcode 9 $b/gpu_tests --gtest_brief=1 --gtest_filter='*BothTiersMatchTheOracle/box_r*:*BothTiersMatchTheOracle/sobel*:*/box_fast_gray8_17x13*:*/box_fast_gray8_3x2*:*/sobel_fast_gray8_17x13*' > /tmp/$tool.log 2>&1
  echo "$tool rc=$? in $((SECONDS-start)) s $(grep -E 'SUMMARY|^\[  (PASSED|FAILED) +\]' /tmp/$tool.log | tr '\n' ' ')" >> "$OUT/summary.txt"
done
g="--stage gauss3:variant=fast --stage dilate3:variant=fast --stage erode3:variant=fast --stage dilate5:variant=fast --stage erode5:variant=fast --stage sobel:variant=fast"
for r in $(seq 1 16); do g="$g --stage box:variant=fast:radius=$r"; done
c="--stage gauss3:variant=fast --stage dilate3:variant=fast --stage dilate5:variant=fast"
echo "A/B stages: gray8 gauss3 dilate3 erode3 dilate5 erode5 sobel box1..16; rgba8 gauss3 dilate3 dilate5" >> "$OUT/summary.txt"
for round in 1 2 3; do
  for bin in filterlab_base filterlab; do
    $b/$bin bench --size 8192x8192 --format gray8 $g --repeat 30 > /tmp/one.txt 2>&1
    $b/$bin bench --size 8192x8192 --format rgba8 $c --repeat 30 >> /tmp/one.txt 2>&1
    echo "BUILD=$bin round $round" >> "$OUT/ab.txt"; cat /tmp/one.txt >> "$OUT/ab.txt"
    echo "$bin r$round $(grep -E '^(gauss3|dilate|erode|sobel|box)' /tmp/one.txt | awk '{printf "%s ", $NF}')" >> "$OUT/summary.txt"
  done
done
start=$SECONDS
bash bench/run_suite.sh run > /tmp/suite_run.txt 2>&1
echo "suite rc=$? in $((SECONDS-start)) s" >> "$OUT/summary.txt"
rm -f "$OUT/suite.err"
cat "$OUT/summary.txt"; grep -E "^(dilate|erode|gauss3|gauss |sobel|box|copy |warp)" "$OUT/suite.txt" | grep -E " fast | tensor |cudaMemcpy" | cut -c1-150
