#!/usr/bin/env bash
# Session 17, call 5: at 3840x2160 the SMs holding the part last block column run 26% longer (call 4: active cycles
# max 14891 against 11780 at 4096). ncu source counters (SASS, per-instruction executions and stall samples) of gauss3
# (bin) at 3840x2160 and 4096x2160, and of prev at 3840x2160 (general path there).
set -u
: "${OUT:=/tmp/out}"; rm -rf /tmp/o; mkdir -p "$OUT" /tmp/o
rm -rf .gpu/bin .gpu/prev; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > /tmp/o/summary.txt
for v in bin:3840x2160 bin:4096x2160 prev:3840x2160; do
  b=${v%%:*}; s=${v#*:}
  timeout 120 ncu --section SourceCounters --section WarpStateStats --import-source no --page source --print-source sass -c 1 -k regex:StripKernel \
    .gpu/$b/filterlab bench --size $s --format gray8 --stage gauss3:variant=fast --repeat 1 --warmup 0 > /tmp/o/${b}_$s.sass.txt 2>&1
  echo "$b $s rc=$? lines $(wc -l < /tmp/o/${b}_$s.sass.txt)" >> /tmp/o/summary.txt
  gzip -9 /tmp/o/${b}_$s.sass.txt; cp /tmp/o/${b}_$s.sass.txt.gz "$OUT/"
done
cp /tmp/o/summary.txt "$OUT/"; cat "$OUT/summary.txt"
