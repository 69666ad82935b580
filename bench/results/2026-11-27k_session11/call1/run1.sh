#!/usr/bin/env bash
# Session 11, call 1: box fast's prefetch depth from radius 5 (rows in flight beyond the window: 3, 5, 7, 11),
# by block shape and rows per thread, four sizes; two rounds, binaries alternated.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
st=""
for r in 5 8 12 16; do
  for blk in 32x4 32x2 32x1; do
    st="$st --stage box:variant=fast:radius=$r:block=$blk"
    [ $r -ge 8 ] && st="$st --stage box:variant=fast:radius=$r:block=$blk:ppt=64"
  done
done
for round in 1 2; do
  for s in 8192x8192 16384x16384 4096x4096 1920x1080; do
    for a in 3 5 7 11; do
      timeout 120 $b/fl_A$a bench --size $s --format gray8 $st --repeat 30 > /tmp/p_A${a}_${s}_$round.txt 2>&1
    done
  done
done
cat /tmp/p_*.txt > "$OUT/bench_all.txt"
for f in /tmp/p_*.txt; do n=$(basename $f .txt); n=${n#p_}; n=${n%_*}; awk -v n=$n '/^device/ {next} $NF ~ /^[0-9.]+$/ && NF > 8 {l=""; for (i = 3; i <= NF - 6; i++) l = l $i; print n, $1, $2, $(NF-5), l, $(NF-3), $NF}' $f; done > /tmp/rows.txt
awk '{k=$1" "$3" "$4" "$5; t[k]+=$6; p[k]+=$7; n[k]++} END {for (k in t) printf "%-70s %9.4f ms %6.1f\n", k, t[k]/n[k], p[k]/n[k]}' /tmp/rows.txt | sort >> "$OUT/summary.txt"
cat "$OUT/summary.txt" | head -150
