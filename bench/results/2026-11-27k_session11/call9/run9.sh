#!/usr/bin/env bash
# Session 11, call 9 (6a65e10, the final code): every GPU test and the interop / frame / A/B / timing-export UI
# tests again; this session's grids against the base B (8a7e020), alternated, three rounds; the suite and peers.
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
gzip -9c /tmp/gpu_tests.log > "$OUT/gpu_tests.log.gz"
FILTERLAB_EXE=$b/filterlab timeout 100 $b/ui_tests --gtest_brief=1 --gtest_filter='*SharedTexture*:Screenshot.*CudaInterop*:Screenshot.WholeFrame*:Ab*:MeasureFrames*:TimingExport*' > /tmp/ui.log 2>&1; echo "ui_tests rc=$?" >> "$OUT/summary.txt"
grep -E '^\[  (PASSED|FAILED|SKIPPED)' /tmp/ui.log >> "$OUT/summary.txt"
g="--stage box:variant=fast:radius=8 --stage box:variant=fast:radius=12 --stage box:variant=fast:radius=16 --stage gauss:variant=tensor:radius=4 --stage sobel:variant=fast --stage dilate5:variant=fast"
for round in 1 2 3; do
  for s in 8192x8192 16384x16384 4096x4096 3840x2160 1920x1080; do
    for v in fl_B filterlab; do
      timeout 60 $b/$v bench --size $s --format gray8 $g --repeat 30 > /tmp/p_${v}_g_${s}_$round.txt 2>&1
    done
  done
done
cat /tmp/p_*.txt > "$OUT/bench_all.txt"
start=$SECONDS
bash bench/run_suite.sh run > /tmp/suite_run.txt 2>&1
echo "suite rc=$? in $((SECONDS-start)) s" >> "$OUT/summary.txt"
rm -f "$OUT/suite.err"
cat "$OUT/summary.txt"; grep -E "^(dilate|erode|gauss3|gauss |sobel|box|copy |warp)" "$OUT/suite.txt" | grep -E " fast | tensor |cudaMemcpy" | cut -c1-150
