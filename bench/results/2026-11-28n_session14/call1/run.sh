#!/usr/bin/env bash
# Session 14, call 1: box fast on rgba8 radius 5..16 (working tree on b007c5b): box, tier and filled-grid GPU tests;
# rgba8 fast r5..16 against separable in the same process at three sizes, three rounds; rgba8 rows per thread 8..64
# at r5 / r8 / r12 / r16; gray8 fast r5 / r8 / r16 as a control against the thirteenth session's suite.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
start=$SECONDS
timeout 240 $b/gpu_tests --gtest_filter='*box*:*Box*:*Tier*:*tier*:*Filled*' > /tmp/gt.txt 2>&1; echo "gpu_tests rc=$? in $((SECONDS-start)) s" >> "$OUT/summary.txt"
grep -E "^\[  PASSED|^\[  FAILED|SKIPPED \] [0-9]|^\[ variants|refused  \].*rgba8" /tmp/gt.txt | head -30 >> "$OUT/summary.txt"; gzip -9c /tmp/gt.txt > "$OUT/gpu_tests.txt.gz"
g=""; for r in 5 6 7 8 10 12 14 16; do g="$g --stage box:variant=fast:radius=$r"; done
g="$g --stage box:variant=separable:radius=5 --stage box:variant=separable:radius=16"
for round in 1 2 3; do
  for s in 8192x8192 3840x2160 1920x1080; do
    timeout 90 $b/filterlab bench --size $s --format rgba8 $g --repeat 30 > /tmp/p_rgba_${s}_$round.txt 2>&1
  done
  timeout 60 $b/filterlab bench --size 8192x8192 --format gray8 --stage box:variant=fast:radius=5 --stage box:variant=fast:radius=8 --stage box:variant=fast:radius=16 --repeat 30 > /tmp/p_gray_8192x8192_$round.txt 2>&1
done
for ppt in 8 16 24 32 64; do
  for s in 8192x8192 3840x2160; do
    h=""; for r in 5 8 12 16; do h="$h --stage box:variant=fast:radius=$r:ppt=$ppt"; done
    timeout 90 $b/filterlab bench --size $s --format rgba8 $h --repeat 30 > /tmp/p_ppt${ppt}_${s}_1.txt 2>&1
  done
done
cat /tmp/p_*.txt | gzip -9 > "$OUT/bench_all.txt.gz"
for f in /tmp/p_*.txt; do n=$(basename $f .txt); n=${n#p_}; n=${n%_*}; awk -v n=$n '/^device/ {next} $NF ~ /^[0-9.]+$/ && NF > 8 {l=""; for (i = 3; i <= NF - 6; i++) l = l $i; print n, $1, $2, l, $(NF-3), $NF}' $f; done > "$OUT/rows.txt"
grep -c . "$OUT/rows.txt" >> "$OUT/summary.txt"
head -3 /tmp/p_rgba_8192x8192_1.txt >> "$OUT/summary.txt"
tail -12 "$OUT/summary.txt"
