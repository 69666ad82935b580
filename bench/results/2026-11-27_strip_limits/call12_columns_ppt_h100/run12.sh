#!/usr/bin/env bash
# Session 2026-11-27b, call 12 (1f06962's build): columns with strips of whole batches (ppt a multiple of the
# batch: 11, 13, 15, 17 rows at radius 5..8) against the rule's 128 / 512, same call, twice.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
for run in 1 2; do
  for spec in "5 128 121 132" "6 128 117 130" "7 128 120 135" "8 512 510 527"; do
    set -- $spec; r=$1; st=""
    for p in $2 $3 $4; do st="$st --stage gauss:variant=columns:radius=$r:block=128x1:ppt=$p"; done
    $b/filterlab bench --size 8192x8192 --format gray32f $st --repeat 30 >> "$OUT/bench.txt" 2>&1
  done
done
cat "$OUT/summary.txt"; grep -E "^gauss" "$OUT/bench.txt" | awk '{print $2,$3,$4,$5,$6,$(NF-3),$NF}'
