#!/usr/bin/env bash
# Session 2026-11-26, call 3: every GPU test; the interop UI tests; the 4K frames on both display paths; the SASS
# of half2 (radius 4, gray8) as an instruction histogram.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
start=$SECONDS
timeout 420 $b/gpu_tests --gtest_brief=1 > "$OUT/gpu_tests.log" 2>&1; echo "gpu_tests rc=$? in $((SECONDS-start)) s" >> "$OUT/summary.txt"
grep -E '^\[ (variants|  PASSED|  FAILED|  SKIPPED) +\]' "$OUT/gpu_tests.log" | head -30 >> "$OUT/summary.txt"
FILTERLAB_EXE=$b/filterlab timeout 150 $b/ui_tests --gtest_filter='*SharedTexture*:Screenshot.*CudaInterop*' > "$OUT/ui.log" 2>&1; echo "ui_tests rc=$?" >> "$OUT/summary.txt"
grep -E '^\[  (PASSED|FAILED|SKIPPED) +\]' "$OUT/ui.log" >> "$OUT/summary.txt"
five="--stage gauss3 --stage dilate3 --stage erode3 --stage box --stage gauss"
for w in 1280x800 1920x1080; do for path in shared map; do
  extra=""; [ $path = map ] && extra=--interop-map
  timeout 90 $b/filterlab --screenshot /tmp/f_$path.png --gl egl --backend cuda --window $w --input pattern:noise:3840x2160:rgba8 $five --measure-frames 300 $extra > "$OUT/frames_${w}_$path.log" 2>&1
  echo "frames $w $path rc=$? $(grep -E '^frames ' "$OUT/frames_${w}_$path.log")" >> "$OUT/summary.txt"
done; done
k=$(cuobjdump -symbols $b/filterlab 2>/dev/null | grep -o '_ZN2fl4cuda5strip11StripKernel[^ ]*GaussHalf2StencilILi1ELi4EEELb1E[^ ]*' | head -1)
cuobjdump -sass -fun "$k" $b/filterlab > "$OUT/half2_r4_gray8.sass" 2>&1
grep -oE '^ +/\*[0-9a-f]+\*/ +(@!?U?P[0-9T] +)?[A-Z0-9_]+(\.[A-Z0-9_]+)*' "$OUT/half2_r4_gray8.sass" | awk '{print $NF}' | sed 's/\..*//' | sort | uniq -c | sort -rn > "$OUT/half2_hist.txt"
echo "sass lines $(wc -l < "$OUT/half2_r4_gray8.sass")" >> "$OUT/summary.txt"
cat "$OUT/summary.txt"; head -25 "$OUT/half2_hist.txt"
