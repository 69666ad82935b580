#!/usr/bin/env bash
# Session 2026-11-26, call 1: half2 gauss correctness + bench, shared display storage tests + frames.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/device.txt"
timeout 200 $b/gpu_tests --gtest_brief=1 --gtest_filter='*gauss_half2*:DisplayMips*' > "$OUT/tests.log" 2>&1; echo "gpu_tests rc=$?" >> "$OUT/summary.txt"
grep -E '^\[  (PASSED|FAILED|SKIPPED) +\]' "$OUT/tests.log" >> "$OUT/summary.txt"
for fmt in gray8 rgba8; do
  for r in "radius=4:sigma=2" "radius=2:sigma=1"; do
    $b/filterlab bench --size 8192x8192 --format $fmt --stage "gauss:$r" --variants all --repeat 30 --json "$OUT/b_${fmt}_${r%%:*}.json" >> "$OUT/bench.txt" 2>&1
  done
  specs=""
  for ppt in 4 8 16 32; do specs="$specs --stage gauss:variant=half2:ppt=$ppt"; done
  for blk in 32x2 32x8 64x4; do specs="$specs --stage gauss:variant=half2:block=$blk"; done
  $b/filterlab bench --size 8192x8192 --format $fmt $specs --stage gauss:variant=tensor --repeat 30 >> "$OUT/sweep.txt" 2>&1
done
FILTERLAB_EXE=$b/filterlab timeout 150 $b/ui_tests --gtest_filter='*SharedTexture*:Screenshot.*CudaInterop*' > "$OUT/ui.log" 2>&1; echo "ui_tests rc=$?" >> "$OUT/summary.txt"
grep -E '^\[  (PASSED|FAILED|SKIPPED|  OK) +\]' "$OUT/ui.log" >> "$OUT/summary.txt"
five="--stage gauss3 --stage dilate3 --stage erode3 --stage box --stage gauss"
for path in shared map; do
  extra=""; [ $path = map ] && extra=--interop-map
  timeout 90 $b/filterlab --screenshot /tmp/f_$path.png --gl egl --backend cuda --window 1280x800 --input pattern:noise:3840x2160:rgba8 $five --measure-frames 300 $extra > "$OUT/frames_$path.log" 2>&1
  echo "frames $path rc=$? $(grep -E '^frames ' "$OUT/frames_$path.log")" >> "$OUT/summary.txt"
done
cat "$OUT/summary.txt"; grep -E "half2|tensor|copy" "$OUT/sweep.txt" | head -40
