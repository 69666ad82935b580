#!/usr/bin/env bash
# Session 10, call 4 (cc2bb08 as built): launch sweeps with no code change. warp_affine fast's block shapes and rows
# per thread (gray8, rgba8) at three sizes; sobel fast's and gauss tensor's rows per thread at 8192x8192.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
w=warp_affine:variant=fast
st=""; for l in block=16x16:ppt=4 block=16x8:ppt=8 block=16x32:ppt=2 block=16x16:ppt=6 block=8x16:ppt=4 block=32x16:ppt=2 block=16x4:ppt=16 block=16x8:ppt=4; do st="$st --stage $w:$l"; done
s2=""; for p in 8 12 16 20 24 32; do s2="$s2 --stage sobel:variant=fast:ppt=$p"; done
s3=""; for p in 96 112 128 144 160 192; do s3="$s3 --stage gauss:variant=tensor:radius=4:sigma=2:ppt=$p"; done
for round in 1 2; do
  for f in gray8 rgba8; do
    for s in 8192x8192 4096x4096 1920x1080; do
      $b/fl_H bench --size $s --format $f $st --repeat 30 > /tmp/w_${f}_${s}_$round.txt 2>&1
    done
  done
  $b/fl_H bench --size 8192x8192 --format gray8 $s2 $s3 --repeat 30 > /tmp/s_$round.txt 2>&1
done
cat /tmp/w_*.txt /tmp/s_*.txt > "$OUT/bench_all.txt"
cat /tmp/w_*.txt /tmp/s_*.txt | awk '$1=="warp_affine" || $1=="sobel" || $1=="gauss" {l=""; for (i = 3; i <= NF - 6; i++) l = l $i; k=$1" "$(NF-5)" "$(NF-4)" "l; t[k]+=$(NF-3); p[k]+=$NF; n[k]++} END {for (k in t) printf "%-60s %8.4f ms %6.1f\n", k, t[k]/n[k], p[k]/n[k]}' | sort >> "$OUT/summary.txt"
cat "$OUT/summary.txt"
