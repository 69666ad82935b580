#!/usr/bin/env bash
# Session 2026-11-27b, call 4: what the strips' apron rows cost. FL_MORPH_X=4 skips the first 2R rows of each
# strip (wrong output, timing only) against the same kernel that computes them (X=2 for radius 2, X=0 for 1).
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
[ -d .gpu/bin ] && rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
for X in 2 4 2 4; do
  st=""; for p in 2 4 8 16; do st="$st --stage dilate5:variant=fast:ppt=$p --stage dilate3:variant=fast:ppt=$p"; done
  FL_MORPH_X=$X $b/filterlab bench --size 8192x8192 --format gray8 $st --repeat 30 2>&1 | sed "s/^/X=$X /" >> "$OUT/bench.txt"
  FL_MORPH_X=$X $b/filterlab bench --size 8192x8192 --format rgba8 --stage dilate5:variant=fast:ppt=8 --stage dilate5:variant=fast:ppt=16 --stage dilate3:variant=fast:ppt=4 --repeat 30 2>&1 | sed "s/^/X=$X /" >> "$OUT/bench.txt"
done
grep -E "dilate" "$OUT/bench.txt" | awk '{print $1,$2,$3,$5,$6,$7,$(NF-3),$NF}'
