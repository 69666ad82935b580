#!/usr/bin/env bash
# Session 2026-11-27b, call 2: rows per thread (ppt) swept up to a single wave of resident blocks, at 4f47322.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
[ -d .gpu/bin ] || tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
for f in "dilate3:variant=fast" "dilate5:variant=fast" "sobel:variant=fast" "box:variant=fast:radius=3" "box:variant=fast:radius=4" "gauss3:variant=fast"; do
  st=""; for p in 4 8 16 21 24 32 42 48 64; do st="$st --stage $f:ppt=$p"; done
  $b/filterlab bench --size 8192x8192 --format gray8 $st --repeat 30 >> "$OUT/sweep.txt" 2>&1
done
for f in "dilate5:variant=fast" "dilate3:variant=fast"; do
  st=""; for p in 4 8 16 21 32 42 64; do st="$st --stage $f:ppt=$p"; done
  $b/filterlab bench --size 8192x8192 --format rgba8 $st --repeat 30 >> "$OUT/sweep.txt" 2>&1
done
grep -E "^(dilate|sobel|box|gauss|copy)" "$OUT/sweep.txt" | awk '{print $1,$2,$3,$4,$5,$6,$7,$8,$(NF-3),$NF}'
