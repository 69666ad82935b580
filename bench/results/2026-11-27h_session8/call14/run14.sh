#!/usr/bin/env bash
# Session 8, call 14 (280a8b6 as built): where gray8 dilate5's warps wait, instruction by instruction. ncu at full
# clocks, one launch at 8192x8192: the SASS with its warp-stall samples (source page), and the warp state table.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
timeout 200 ncu --clock-control none --set full --import-source no --page source --print-source sass -k "regex:StripKernel" -c 1 $b/filterlab bench --size 8192x8192 --format gray8 --stage dilate5:variant=fast --repeat 1 --warmup 0 > /tmp/sass.txt 2>&1
echo "ncu sass rc=$? lines $(wc -l < /tmp/sass.txt)" >> "$OUT/summary.txt"
gzip -9c /tmp/sass.txt > "$OUT/dilate5_sass.txt.gz"
timeout 120 ncu --clock-control none --section WarpStateStats --section SchedulerStats --section MemoryWorkloadAnalysis --section InstructionStats -k "regex:StripKernel" -c 1 $b/filterlab bench --size 8192x8192 --format gray8 --stage dilate5:variant=fast --repeat 1 --warmup 0 > "$OUT/dilate5_sections.txt" 2>&1
echo "ncu sections rc=$?" >> "$OUT/summary.txt"
head -c 3000 /tmp/sass.txt | tail -c 1500 >> "$OUT/summary.txt"
grep -iE "stall|cycles per|Issued|Eligible|Active|L1|L2|Hit|Bank" "$OUT/dilate5_sections.txt" | cut -c1-120 >> "$OUT/summary.txt"
cat "$OUT/summary.txt"
