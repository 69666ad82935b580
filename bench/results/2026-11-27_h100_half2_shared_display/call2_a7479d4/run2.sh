#!/usr/bin/env bash
# Session 2026-11-26, call 2: level 1 written by the conversion (tests, frames); half2 unrolled by its window
# (bench against tensor in the same call, ncu of both).
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
timeout 200 $b/gpu_tests --gtest_brief=1 --gtest_filter='*gauss_half2*:DisplayMips*' > "$OUT/tests.log" 2>&1; echo "gpu_tests rc=$?" >> "$OUT/summary.txt"
grep -E '^\[  (PASSED|FAILED|SKIPPED) +\]' "$OUT/tests.log" >> "$OUT/summary.txt"
FILTERLAB_EXE=$b/filterlab timeout 150 $b/ui_tests --gtest_filter='*SharedTexture*:Screenshot.*CudaInterop*' > "$OUT/ui.log" 2>&1; echo "ui_tests rc=$?" >> "$OUT/summary.txt"
grep -E '^\[  (PASSED|FAILED|SKIPPED) +\]' "$OUT/ui.log" >> "$OUT/summary.txt"
five="--stage gauss3 --stage dilate3 --stage erode3 --stage box --stage gauss"
for w in 1280x800 1920x1080; do for path in shared map; do
  extra=""; [ $path = map ] && extra=--interop-map
  timeout 90 $b/filterlab --screenshot /tmp/f_$path.png --gl egl --backend cuda --window $w --input pattern:noise:3840x2160:rgba8 $five --measure-frames 300 $extra > "$OUT/frames_${w}_$path.log" 2>&1
  echo "frames $w $path rc=$? $(grep -E '^frames ' "$OUT/frames_${w}_$path.log")" >> "$OUT/summary.txt"
done; done
for fmt in gray8 rgba8; do
  specs=""
  for ppt in 8 16 32 64; do specs="$specs --stage gauss:variant=half2:ppt=$ppt"; done
  specs="$specs --stage gauss:variant=half2:block=32x8:ppt=16 --stage gauss:variant=tensor --stage gauss3:variant=fast"
  $b/filterlab bench --size 8192x8192 --format $fmt $specs --repeat 30 >> "$OUT/sweep.txt" 2>&1
done
timeout 120 ncu --section SpeedOfLight --section Occupancy --section WarpStateStats --section InstructionStats -k "regex:StripKernel|GaussTensor" -c 2 $b/filterlab bench --size 8192x8192 --format gray8 --stage gauss:variant=half2:ppt=16 --stage gauss:variant=tensor --repeat 1 --warmup 0 > "$OUT/ncu.txt" 2>&1
echo "ncu rc=$?" >> "$OUT/summary.txt"
cat "$OUT/summary.txt"; grep -E "gauss" "$OUT/sweep.txt"
grep -E "^  [A-Z].*(Throughput|Executed Ipc|Issue Slots|Registers|Achieved Occupancy|Theoretical Occupancy|Warp Cycles Per Issued|Executed Instructions  |Duration)" "$OUT/ncu.txt" | head -40
