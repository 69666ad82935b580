#!/usr/bin/env bash
# Session 14, call 7: 61df985 (kernels of 8f345d7). Which teaching variant is fastest where the fast ones stop:
# box separable against running_sum at radius 17..64 and gauss separable_fused against separable at radius 9..32,
# gray8, rgba8 (and gray32f for gauss), at 8192x8192 and 1920x1080, two rounds.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
bx=""; for r in 17 24 32 48 64; do bx="$bx --stage box:variant=separable:radius=$r --stage box:variant=running_sum:radius=$r"; done
gs=""; for r in 9 12 16 24 32; do gs="$gs --stage gauss:variant=separable_fused:radius=$r:sigma=$((r/3)) --stage gauss:variant=separable:radius=$r:sigma=$((r/3))"; done
for round in 1 2; do
  for s in 8192x8192 1920x1080; do
    for f in gray8 rgba8; do
      timeout 100 $b/filterlab bench --size $s --format $f $bx --repeat 10 > /tmp/p_box${f}_${s}_$round.txt 2>&1
    done
    for f in gray8 rgba8 gray32f; do
      timeout 100 $b/filterlab bench --size $s --format $f $gs --repeat 10 > /tmp/p_gauss${f}_${s}_$round.txt 2>&1
    done
  done
done
cat /tmp/p_*.txt | gzip -9 > "$OUT/bench_all.txt.gz"
for f in /tmp/p_*.txt; do n=$(basename $f .txt); n=${n#p_}; n=${n%_*}; awk -v n=$n '/^device/ {next} $NF ~ /^[0-9.]+$/ && NF > 8 {l=""; for (i = 3; i <= NF - 6; i++) l = l $i; print n, $1, $2, l, $(NF-3), $NF}' $f; done > "$OUT/rows.txt"
grep -c . "$OUT/rows.txt" >> "$OUT/summary.txt"; grep -il "error\|refused" /tmp/p_*.txt | head >> "$OUT/summary.txt"
grep -ih "error\|refused" /tmp/p_*.txt | sort | uniq | head -5 >> "$OUT/summary.txt"
tail -8 "$OUT/summary.txt"
