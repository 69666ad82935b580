#!/usr/bin/env bash
# Session 9, call 7: box fast's rows per thread and tail strips at radius 3..7. T = 3b6555c with radius 5 primed
# and the tail divisor from FL_BOXTAIL (trial only: 0 none, 2 half); base = 3b6555c as built (default tails: half
# at 3..4, none at 5..7). Three rounds, processes alternated.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
st="--stage box:variant=fast:radius=5:ppt=10"
for p in 16 24 32; do for r in 3 4; do st="$st --stage box:variant=fast:radius=$r:ppt=$p"; done; done
for p in 16 24; do for r in 5 6 7; do st="$st --stage box:variant=fast:radius=$r:ppt=$p"; done; done
for round in 1 2 3; do
  $b/fl_base bench --size 8192x8192 --format gray8 $st --repeat 30 > /tmp/b_base_$round.txt 2>&1
  FL_BOXTAIL=2 $b/fl_T bench --size 8192x8192 --format gray8 $st --repeat 30 > /tmp/b_Thalf_$round.txt 2>&1
  FL_BOXTAIL=0 $b/fl_T bench --size 8192x8192 --format gray8 $st --repeat 30 > /tmp/b_Tnone_$round.txt 2>&1
done
cat /tmp/b_*.txt > "$OUT/bench_all.txt"
echo "stage build mean-%-of-copy (three rounds)" >> "$OUT/summary.txt"
for v in base Thalf Tnone; do cat /tmp/b_${v}_*.txt | awk -v v=$v '$1 == "box" {k = $2 " ppt " $7; s[k] += $NF; n[k]++} END {for (k in s) printf "%s %s %.1f\n", k, v, s[k] / n[k]}'; done | sort -t= -k2n >> "$OUT/summary.txt"
cat "$OUT/summary.txt"
