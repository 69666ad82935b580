#!/usr/bin/env bash
# Session 8, call 4 (the call-3 trial binary, FL_BOXPRIME 0 / 2): rows per thread for box fast at radius 1, 2, 7 and
# 8..12 with and without the priming with every slot in flight (and, from radius 8, the retained ring), 3 rounds.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
s=""
for r in 8 9 10 11 12; do for p in 8 12 16 24; do s="$s --stage box:variant=fast:radius=$r:ppt=$p"; done; done
for p in 8 12 16 24; do s="$s --stage box:variant=fast:radius=2:ppt=$p"; done
for p in 8 16; do s="$s --stage box:variant=fast:radius=1:ppt=$p"; done
for p in 8 12 16; do s="$s --stage box:variant=fast:radius=7:ppt=$p"; done
echo "stages: $s" >> "$OUT/summary.txt"
for round in 1 2 3; do
  for mode in 0 2; do
    if [ $mode = 0 ]; then unset FL_BOXPRIME; else export FL_BOXPRIME=$mode; fi
    $b/filterlab bench --size 8192x8192 --format gray8 $s --repeat 30 > "$OUT/bench_${mode}_$round.txt" 2>&1
    echo "mode$mode r$round $(grep -E '^box' "$OUT/bench_${mode}_$round.txt" | awk '{printf "%s ", $NF}')" >> "$OUT/summary.txt"
  done
done
cat "$OUT/summary.txt"
