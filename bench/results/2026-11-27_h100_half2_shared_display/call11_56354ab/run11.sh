#!/usr/bin/env bash
# Session 2026-11-26, call 11: tensor as gauss's default CUDA variant: every GPU test, the interop UI tests, the
# 4K frames (their gauss stage now runs tensor), and a gauss stage with no variant named on each format.
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
FILTERLAB_EXE=$b/filterlab timeout 150 $b/ui_tests --gtest_brief=1 --gtest_filter='*SharedTexture*:Screenshot.*CudaInterop*:Screenshot.WholeFrame*:Ab*:MeasureFrames*' > "$OUT/ui.log" 2>&1; echo "ui_tests rc=$?" >> "$OUT/summary.txt"
grep -E '^\[  (PASSED|FAILED|SKIPPED)' "$OUT/ui.log" >> "$OUT/summary.txt"
five="--stage gauss3 --stage dilate3 --stage erode3 --stage box --stage gauss"
for w in 1280x800 1920x1080; do
  timeout 90 $b/filterlab --screenshot /tmp/f.png --gl egl --backend cuda --window $w --input pattern:noise:3840x2160:rgba8 $five --measure-frames 300 > "$OUT/frames_$w.log" 2>&1
  echo "frames $w rc=$? $(grep -E '^frames ' "$OUT/frames_$w.log")" >> "$OUT/summary.txt"
done
for fmt in gray8 rgba8 gray32f; do
  $b/filterlab bench --size 8192x8192 --format $fmt --stage gauss --stage gauss:variant=fast --repeat 30 >> "$OUT/default_bench.txt" 2>&1
done
cat "$OUT/summary.txt"; grep -E "^gauss|note" "$OUT/default_bench.txt" | cut -c1-160
