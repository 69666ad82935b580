#!/usr/bin/env bash
# Session 15, call 7: 9aa87b3 on the H200. Where the instructions go: ncu's per-instruction (SASS) execution counts
# for sobel, dilate5 and box r4 (gray8 8192x8192, one launch each).
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT" /tmp/o
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > /tmp/o/summary.txt
for spec in StripKernel:sobel:sobel:variant=fast StripKernel:dilate5:dilate5:variant=fast BoxFast:box_r4:box:variant=fast:radius=4 GaussTensor:tensor_r4:gauss:variant=tensor:radius=4; do
  kn=${spec%%:*}; rest=${spec#*:}; tag=${rest%%:*}; stage=${rest#*:}
  timeout 90 ncu --section SourceCounters --import-source no --page source --print-source sass -c 1 -k "regex:$kn" \
    $b/filterlab bench --size 8192x8192 --format gray8 --stage "$stage" --repeat 1 --warmup 0 > /tmp/o/${tag}_sass.txt 2>&1
  echo "ncu $tag rc=$? lines $(wc -l < /tmp/o/${tag}_sass.txt)" >> /tmp/o/summary.txt
done
gzip -9 /tmp/o/*_sass.txt
cp /tmp/o/* "$OUT/"
cat "$OUT/summary.txt"
