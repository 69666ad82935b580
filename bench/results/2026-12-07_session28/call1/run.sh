#!/usr/bin/env bash
# Session 28, call 1 (bin = 3001edb, HEAD): 1) the suite and peers (on an H200 these are the goal rows);
# 2) the interop UI tests and the 4K five-stage frames on both interop paths; 3) every GPU test in what time is left.
set -u
: "${OUT:=/tmp/out}"; rm -rf /tmp/o1; mkdir -p "$OUT" /tmp/o1
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > /tmp/o1/summary.txt
start=$SECONDS
save() { cp /tmp/o1/summary.txt "$OUT/"; tar czf "$OUT/logs.tar.gz" -C /tmp/o1 . 2>/dev/null; }
mkdir -p "$OUT/suite"; OUT="$OUT/suite" timeout 170 bash bench/run_suite.sh run > /tmp/o1/suite_run.log 2>&1
echo "suite rc=$? at $((SECONDS-start)) s" >> /tmp/o1/summary.txt; save
FILTERLAB_EXE=$b/filterlab timeout 120 $b/ui_tests --gtest_brief=1 \
  --gtest_filter='*SharedTexture*:Screenshot.*CudaInterop*:Screenshot.WholeFrame*:Ab*:MeasureFrames*' > /tmp/o1/ui.log 2>&1
echo "ui_tests rc=$? at $((SECONDS-start)) s" >> /tmp/o1/summary.txt
grep -E '^\[  (PASSED|FAILED|SKIPPED)|^\[  FAILED' /tmp/o1/ui.log | head -20 >> /tmp/o1/summary.txt; save
five="--stage gauss3 --stage dilate3 --stage erode3 --stage box --stage gauss"
for path in shared map; do
  extra=""; [ $path = map ] && extra=--interop-map
  timeout 60 $b/filterlab --screenshot /tmp/o1/f_$path.png --gl egl --backend cuda --window 1280x800 \
    --input pattern:noise:3840x2160:rgba8 $five --measure-frames 300 $extra > /tmp/o1/frames_$path.log 2>&1
  echo "frames 1280x800 $path rc=$? $(grep -E '^frames ' /tmp/o1/frames_$path.log)" >> /tmp/o1/summary.txt
done; save
left=$((575 - SECONDS + start))
timeout $left $b/gpu_tests --gtest_brief=1 > /tmp/o1/gpu_tests_all.log 2>&1
echo "all gpu_tests rc=$? at $((SECONDS-start)) s (limit $left s)" >> /tmp/o1/summary.txt
grep -E '^\[ variants|^\[  (PASSED|FAILED|SKIPPED) +\]|^\[  FAILED' /tmp/o1/gpu_tests_all.log | head -20 >> /tmp/o1/summary.txt
save; cat /tmp/o1/summary.txt
grep -E "^(copy|gauss3 |gauss |dilate3 |dilate5 |sobel |box |warp_affine )" "$OUT/suite/suite.txt" | grep -E " fast |tensor| copy|cudaMemcpy" | cut -c1-140 | head -40
