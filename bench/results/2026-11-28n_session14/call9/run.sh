#!/usr/bin/env bash
# Session 14, call 9: c2d5d4a. What the large-radius fallbacks run at: gauss separable_fused at radius 9..32 (gray8,
# rgba8, gray32f) and box separable at 17..64, 8192x8192 and 1920x1080.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
gs=""; for r in 9 12 16 24 32; do gs="$gs --stage gauss:variant=separable_fused:radius=$r:sigma=$((r/3))"; done
for s in 8192x8192 1920x1080; do
  for f in gray8 rgba8 gray32f; do
    timeout 100 $b/filterlab bench --size $s --format $f $gs --repeat 10 > /tmp/p_gauss${f}_${s}_1.txt 2>&1
  done
done
cat /tmp/p_*.txt | gzip -9 > "$OUT/bench_all.txt.gz"
for f in /tmp/p_*.txt; do n=$(basename $f .txt); n=${n#p_}; n=${n%_*}; awk -v n=$n '/^device/ {next} $NF ~ /^[0-9.]+$/ && NF > 8 {l=""; for (i = 3; i <= NF - 6; i++) l = l $i; print n, $1, $2, l, $(NF-3), $NF}' $f; done > "$OUT/rows.txt"
grep -c . "$OUT/rows.txt" >> "$OUT/summary.txt"; grep -ih "error" /tmp/p_*.txt | head -3 >> "$OUT/summary.txt"
cat "$OUT/rows.txt"
