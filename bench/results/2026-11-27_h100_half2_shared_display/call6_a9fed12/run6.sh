#!/usr/bin/env bash
# Session 2026-11-26, call 6: the display path after the review mends: the UI tests that run CUDA (interop,
# screenshots, A/B), the display GPU tests, and the 4K frames on both paths.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
timeout 100 $b/gpu_tests --gtest_brief=1 --gtest_filter='DisplayMips*' > "$OUT/tests.log" 2>&1; echo "gpu_tests DisplayMips rc=$?" >> "$OUT/summary.txt"
grep -E '^\[  (PASSED|FAILED|SKIPPED)' "$OUT/tests.log" >> "$OUT/summary.txt"
start=$SECONDS
FILTERLAB_EXE=$b/filterlab timeout 400 $b/ui_tests --gtest_brief=1 --gtest_filter='*SharedTexture*:Screenshot.*:Ab*:*Interop*:MeasureFrames*' > "$OUT/ui.log" 2>&1; echo "ui_tests rc=$? in $((SECONDS-start)) s" >> "$OUT/summary.txt"
grep -E '^\[  (PASSED|FAILED|SKIPPED)' "$OUT/ui.log" >> "$OUT/summary.txt"
five="--stage gauss3 --stage dilate3 --stage erode3 --stage box --stage gauss"
for w in 1280x800 1920x1080; do for path in shared map; do
  extra=""; [ $path = map ] && extra=--interop-map
  timeout 90 $b/filterlab --screenshot /tmp/f_$path.png --gl egl --backend cuda --window $w --input pattern:noise:3840x2160:rgba8 $five --measure-frames 300 $extra > "$OUT/frames_${w}_$path.log" 2>&1
  echo "frames $w $path rc=$? $(grep -E '^frames ' "$OUT/frames_${w}_$path.log")" >> "$OUT/summary.txt"
done; done
cat "$OUT/summary.txt"
