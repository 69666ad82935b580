#!/usr/bin/env bash
# Session 2026-11-27c, call 8 (d897285's build): executed count per SASS instruction of sobel fast (gray8, ppt 8).
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
timeout 120 ncu --section SourceCounters --import-source no --page source --print-source sass -k "regex:StripKernel" -c 1 $b/filterlab bench --size 8192x8192 --format gray8 --stage sobel:variant=fast --repeat 1 --warmup 0 > "$OUT/sobel_sass.txt" 2>&1
echo "sass rc=$?" >> "$OUT/summary.txt"
head -c 3000 "$OUT/sobel_sass.txt"; gzip -9 "$OUT/sobel_sass.txt"
cat "$OUT/summary.txt"
