#!/usr/bin/env bash
# Session 14, call 2 (trial build): gray8 box fast with its horizontal chain split in 2 or 4 (FL_BOX_CHAINS) against
# 1, alternated, three rounds, three sizes; the split kernels' gray8 box GPU tests; rgba8 box fast rows per thread
# 8..64 at radius 5..16, three sizes, two rounds.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
for c in 2 4; do
  FL_BOX_CHAINS=$c timeout 100 $b/gpu_tests --gtest_filter='*box_fast_gray8*:*Tiers*box_r*gray8*' > /tmp/gt$c.txt 2>&1; echo "chains $c gpu_tests rc=$?" >> "$OUT/summary.txt"
  grep -E "^\[  PASSED|^\[  FAILED" /tmp/gt$c.txt >> "$OUT/summary.txt"
done
g=""; for r in 1 2 3 4 5 6 8 12 16; do g="$g --stage box:variant=fast:radius=$r"; done
for round in 1 2 3; do
  for c in 1 2 4; do
    for s in 8192x8192 3840x2160 1920x1080; do
      FL_BOX_CHAINS=$c timeout 90 $b/filterlab bench --size $s --format gray8 $g --repeat 30 > /tmp/p_ch${c}_${s}_$round.txt 2>&1
    done
  done
done
for round in 1 2; do
  for ppt in 8 16 24 32 48 64; do
    for s in 8192x8192 3840x2160 1920x1080; do
      h=""; for r in 5 6 7 8 10 12 14 16; do h="$h --stage box:variant=fast:radius=$r:ppt=$ppt"; done
      timeout 90 $b/filterlab bench --size $s --format rgba8 $h --repeat 30 > /tmp/p_ppt${ppt}_${s}_$round.txt 2>&1
    done
  done
done
cat /tmp/p_*.txt | gzip -9 > "$OUT/bench_all.txt.gz"
for f in /tmp/p_*.txt; do n=$(basename $f .txt); n=${n#p_}; n=${n%_*}; awk -v n=$n '/^device/ {next} $NF ~ /^[0-9.]+$/ && NF > 8 {l=""; for (i = 3; i <= NF - 6; i++) l = l $i; print n, $1, $2, l, $(NF-3), $NF}' $f; done > "$OUT/rows.txt"
grep -c . "$OUT/rows.txt" >> "$OUT/summary.txt"
tail -8 "$OUT/summary.txt"
