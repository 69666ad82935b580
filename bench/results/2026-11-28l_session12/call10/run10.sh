#!/usr/bin/env bash
# Session 12, call 10 (final commit 4f3c18a): every GPU test; the interop, frame, A/B and timing-export UI tests;
# dilate5 / erode5 gray8 and rgba8 against a089698 (fl_C), alternated, three rounds, three sizes.
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
FILTERLAB_EXE=$b/filterlab timeout 100 $b/ui_tests --gtest_brief=1 --gtest_filter='*SharedTexture*:Screenshot.*CudaInterop*:Screenshot.WholeFrame*:Ab*:MeasureFrames*:TimingExport*' > /tmp/ui.log 2>&1; echo "ui_tests rc=$?" >> "$OUT/summary.txt"
grep -E '^\[  (PASSED|FAILED|SKIPPED)' /tmp/ui.log >> "$OUT/summary.txt"
g="--stage dilate5:variant=fast --stage erode5:variant=fast"
for round in 1 2 3; do
  for s in 1920x1080 1280x720 3840x2160; do
    for v in fl_C filterlab; do
      timeout 60 $b/$v bench --size $s --format gray8 $g --repeat 30 > /tmp/p_${v}_${s}_$round.txt 2>&1
      timeout 60 $b/$v bench --size $s --format rgba8 $g --repeat 30 > /tmp/p_${v}c_${s}_$round.txt 2>&1
    done
  done
done
cat /tmp/p_*.txt | gzip -9 > "$OUT/bench_all.txt.gz"
for f in /tmp/p_*.txt; do n=$(basename $f .txt); n=${n#p_}; n=${n%_*}; awk -v n=$n '/^device/ {next} $NF ~ /^[0-9.]+$/ && NF > 8 {l=""; for (i = 3; i <= NF - 6; i++) l = l $i; print n, $1, $2, l, $(NF-3), $NF}' $f; done > "$OUT/rows.txt"
tar czf "$OUT/logs.tar.gz" -C /tmp gpu_tests.log ui.log
cat "$OUT/summary.txt"
