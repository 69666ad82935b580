#!/usr/bin/env bash
# Session 8, call 11 (0e32657 as built, no trial switches): block shapes for box fast, whose ring's shared memory
# sets its blocks per SM from radius 8 (32x4 as declared, 32x2 and 64x1: finer steps of shared memory per block),
# and 32x2 for dilate5 / sobel, three rounds.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
st=""
for r in 3 4 5 7 8 10 12 14 16; do for blk in 32x4 32x2 64x1; do st="$st --stage box:variant=fast:radius=$r:block=$blk"; done; done
for f in dilate5 sobel; do for blk in 32x4 32x2; do st="$st --stage $f:variant=fast:block=$blk"; done; done
echo "stages: box r 3 4 5 7 8 10 12 14 16 x block 32x4 32x2 64x1, then dilate5 and sobel x 32x4 32x2" >> "$OUT/summary.txt"
for round in 1 2 3; do
  $b/filterlab bench --size 8192x8192 --format gray8 $st --repeat 30 > /tmp/one.txt 2>&1
  echo "BUILD round $round" >> "$OUT/blocks.txt"; cat /tmp/one.txt >> "$OUT/blocks.txt"
  echo "r$round $(grep -E '^(box|dilate5|sobel)' /tmp/one.txt | awk '{printf "%s ", $NF}')" >> "$OUT/summary.txt"
done
grep -E '^(box|dilate5|sobel)' /tmp/one.txt | awk '{print $1, $2, $4, $5, $6, $7}' >> "$OUT/summary.txt"
cat "$OUT/summary.txt"
