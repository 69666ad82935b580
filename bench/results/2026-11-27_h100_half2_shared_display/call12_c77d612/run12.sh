#!/usr/bin/env bash
# Session 2026-11-26, call 12: after the review's refactors (box fast and half2 share their warp placement; the
# display conversion's launch): every GPU test, the interop UI tests, the 4K frames on both paths, the suite and
# the peers.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
start=$SECONDS
timeout 400 $b/gpu_tests --gtest_brief=1 > "$OUT/gpu_tests.log" 2>&1; echo "gpu_tests rc=$? in $((SECONDS-start)) s" >> "$OUT/summary.txt"
grep -E '^\[ (variants)' "$OUT/gpu_tests.log" >> "$OUT/summary.txt"
grep -E '^\[  (PASSED|FAILED|SKIPPED)' "$OUT/gpu_tests.log" | head -20 >> "$OUT/summary.txt"
gzip -9 "$OUT/gpu_tests.log"
FILTERLAB_EXE=$b/filterlab timeout 150 $b/ui_tests --gtest_brief=1 --gtest_filter='*SharedTexture*:Screenshot.*CudaInterop*:Screenshot.WholeFrame*:Ab*:MeasureFrames*' > /tmp/ui.log 2>&1; echo "ui_tests rc=$?" >> "$OUT/summary.txt"
grep -E '^\[  (PASSED|FAILED|SKIPPED)' /tmp/ui.log >> "$OUT/summary.txt"
five="--stage gauss3 --stage dilate3 --stage erode3 --stage box --stage gauss"
for path in shared map; do
  extra=""; [ $path = map ] && extra=--interop-map
  timeout 90 $b/filterlab --screenshot /tmp/f.png --gl egl --backend cuda --window 1280x800 --input pattern:noise:3840x2160:rgba8 $five --measure-frames 300 $extra > /tmp/frames.log 2>&1
  echo "frames 1280x800 $path rc=$? $(grep -E '^frames ' /tmp/frames.log)" >> "$OUT/summary.txt"
done
start=$SECONDS
bash bench/run_suite.sh run > /tmp/suite_run.txt 2>&1
echo "suite rc=$? in $((SECONDS-start)) s" >> "$OUT/summary.txt"
cat "$OUT/summary.txt"; grep -E "^(gauss |box |copy )" "$OUT/suite.txt" | grep -E "half2|tensor| fast |cudaMemcpy" | grep gray8 | cut -c1-150
