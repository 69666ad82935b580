#!/usr/bin/env bash
# Session 13, call 5: box fast on rgba8 (radius 1..4; the working tree after 940550e): box, tier and filled-grid
# GPU tests; rgba8 fast r1..4 against separable r3 / r4 in the same process, four sizes, three rounds; rgba8 fast
# rows per thread 8 / 16 / 32 / 64 at two sizes; gray8 fast r3 as a control.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
timeout 200 $b/gpu_tests --gtest_filter='*box*:*Box*:*Tier*:*tier*:*Filled*' > /tmp/gt.txt 2>&1; echo "gpu_tests rc=$?" >> "$OUT/summary.txt"
grep -E "^\[  PASSED|^\[  FAILED|SKIPPED \] [0-9]|^\[ variants|refused  \].*rgba8" /tmp/gt.txt >> "$OUT/summary.txt"; gzip -9c /tmp/gt.txt > "$OUT/gpu_tests.txt.gz"
g=""; for r in 1 2 3 4; do g="$g --stage box:variant=fast:radius=$r"; done
g="$g --stage box:variant=separable:radius=3 --stage box:variant=separable:radius=4"
for round in 1 2 3; do
  for s in 8192x8192 4096x4096 3840x2160 1920x1080; do
    timeout 90 $b/filterlab bench --size $s --format rgba8 $g --repeat 30 > /tmp/p_rgba_${s}_$round.txt 2>&1
  done
done
for ppt in 8 16 32 64; do
  for s in 8192x8192 3840x2160; do
    h=""; for r in 1 2 3 4; do h="$h --stage box:variant=fast:radius=$r:ppt=$ppt"; done
    timeout 90 $b/filterlab bench --size $s --format rgba8 $h --repeat 30 > /tmp/p_ppt${ppt}_${s}_1.txt 2>&1
  done
done
timeout 60 $b/filterlab bench --size 8192x8192 --format gray8 --stage box:variant=fast:radius=3 --stage box:variant=fast:radius=4 --repeat 30 > /tmp/p_gray_8192x8192_1.txt 2>&1
cat /tmp/p_*.txt | gzip -9 > "$OUT/bench_all.txt.gz"
for f in /tmp/p_*.txt; do n=$(basename $f .txt); n=${n#p_}; n=${n%_*}; awk -v n=$n '/^device/ {next} $NF ~ /^[0-9.]+$/ && NF > 8 {l=""; for (i = 3; i <= NF - 6; i++) l = l $i; print n, $1, $2, l, $(NF-3), $NF}' $f; done > "$OUT/rows.txt"
grep -c . "$OUT/rows.txt" >> "$OUT/summary.txt"
tail -8 "$OUT/summary.txt"
