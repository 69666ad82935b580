#!/usr/bin/env bash
# Session 14, call 8: 007dc0e (large radii fall back: box fast beyond 16 to separable, gauss tensor beyond 8 to
# separable_fused; host code only since 8f345d7). Every GPU test; the interop, frame, A/B and timing-export UI
# tests; a CUDA pipeline with radii past the fast variants' (filterlab run, its notes).
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
$b/filterlab bench --size 64x64 --format gray8 --stage invert:variant=vec4 --repeat 1 2>&1 | grep commit >> "$OUT/summary.txt"
start=$SECONDS
timeout 380 $b/gpu_tests --gtest_brief=1 > /tmp/gpu_tests.log 2>&1; echo "gpu_tests rc=$? in $((SECONDS-start)) s" >> "$OUT/summary.txt"
grep -E '^\[  (PASSED|FAILED|SKIPPED)|^\[ variants' /tmp/gpu_tests.log | head -20 >> "$OUT/summary.txt"
FILTERLAB_EXE=$b/filterlab timeout 90 $b/ui_tests --gtest_brief=1 --gtest_filter='*SharedTexture*:Screenshot.*CudaInterop*:Screenshot.WholeFrame*:Ab*:MeasureFrames*:TimingExport*' > /tmp/ui.log 2>&1; echo "ui_tests rc=$?" >> "$OUT/summary.txt"
grep -E '^\[  (PASSED|FAILED|SKIPPED)' /tmp/ui.log >> "$OUT/summary.txt"
for img in camera.png hubble_deep_field.jpg; do
  timeout 60 $b/filterlab run --input assets/$img --stage gauss:radius=12:sigma=4 --stage box:radius=24 --stage gauss:radius=4 --output /tmp/large.png > "$OUT/run_large_$img.txt" 2>&1
  echo "run large radii $img rc=$?" >> "$OUT/summary.txt"
done
tar czf "$OUT/logs.tar.gz" -C /tmp gpu_tests.log ui.log 2>/dev/null
cat "$OUT/summary.txt"; cat "$OUT"/run_large_*.txt | head -20
