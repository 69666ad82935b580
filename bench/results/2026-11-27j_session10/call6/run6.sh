#!/usr/bin/env bash
# Session 10, call 6 (cc2bb08 as built): strip stencils by rows per thread up to one wave of full strips (sobel
# fits 8192x8192 in one wave from about 42 rows), three sizes for sobel; two rounds.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
for round in 1 2; do
  for f in sobel gauss3 dilate3 dilate5; do
    st=""; for p in 16 24 32 40 42 44 48 56 64; do st="$st --stage $f:variant=fast:ppt=$p"; done
    $b/fl_H bench --size 8192x8192 --format gray8 $st --repeat 30 > /tmp/p_${f}_8192_$round.txt 2>&1
  done
  st=""; for p in 8 16 24 32 42 48 64; do st="$st --stage sobel:variant=fast:ppt=$p"; done
  for s in 4096x4096 16384x16384 1920x1080; do
    $b/fl_H bench --size $s --format gray8 $st --repeat 30 > /tmp/p_sobel_${s}_$round.txt 2>&1
  done
  st=""; for p in 8 16 24 32 40 48 64; do st="$st --stage box:variant=fast:radius=8:ppt=$p --stage box:variant=fast:radius=16:ppt=$p"; done
  $b/fl_H bench --size 8192x8192 --format gray8 $st --repeat 30 > /tmp/p_box_8192_$round.txt 2>&1
done
cat /tmp/p_*.txt > "$OUT/bench_all.txt"
cat /tmp/p_*.txt | awk '/^device/ {next} $NF ~ /^[0-9.]+$/ && NF > 8 {l=""; for (i = 3; i <= NF - 6; i++) l = l $i; k=$1" "$2" "$(NF-5)" "l; t[k]+=$(NF-3); p[k]+=$NF; n[k]++} END {for (k in t) printf "%-75s %9.4f ms %6.1f\n", k, t[k]/n[k], p[k]/n[k]}' | sort >> "$OUT/summary.txt"
cat "$OUT/summary.txt"
