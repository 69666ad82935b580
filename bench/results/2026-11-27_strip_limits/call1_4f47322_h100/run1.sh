#!/usr/bin/env bash
# Session 2026-11-27b, call 1: fresh limiters of the short strip kernels at 4f47322 (ncu), and their bench.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv > "$OUT/summary.txt"
st="--stage dilate3:variant=fast --stage dilate5:variant=fast --stage sobel:variant=fast --stage box:variant=fast:radius=3 --stage gauss:variant=tensor:radius=4"
for fmt in gray8; do $b/filterlab bench --size 8192x8192 --format $fmt $st --repeat 30 >> "$OUT/bench.txt" 2>&1; done
$b/filterlab bench --size 8192x8192 --format rgba8 --stage dilate5:variant=fast --stage dilate3:variant=fast --repeat 30 >> "$OUT/bench.txt" 2>&1
secs="--section SpeedOfLight --section Occupancy --section LaunchStats --section WarpStateStats --section SchedulerStats --section InstructionStats --section MemoryWorkloadAnalysis --section ComputeWorkloadAnalysis"
timeout 200 ncu $secs -k "regex:StripKernel|BoxFast" $b/filterlab bench --size 8192x8192 --format gray8 --stage dilate3:variant=fast --stage dilate5:variant=fast --stage sobel:variant=fast --stage box:variant=fast:radius=3 --repeat 1 --warmup 0 > "$OUT/ncu.txt" 2>&1
echo "ncu rc=$?" >> "$OUT/summary.txt"
timeout 120 ncu --section SourceCounters --section WarpStateStats -k "regex:StripKernel" --print-details all $b/filterlab bench --size 8192x8192 --format gray8 --stage dilate5:variant=fast --repeat 1 --warmup 0 > "$OUT/ncu_src.txt" 2>&1
echo "ncu src rc=$?" >> "$OUT/summary.txt"
timeout 60 ncu --set full --import-source no --page source --print-source sass -k "regex:StripKernel" -c 1 $b/filterlab bench --size 8192x8192 --format gray8 --stage dilate5:variant=fast --repeat 1 --warmup 0 > "$OUT/sass.txt" 2>&1
echo "sass rc=$?" >> "$OUT/summary.txt"
gzip -f "$OUT/sass.txt" "$OUT/ncu_src.txt"
cat "$OUT/summary.txt"; grep -E "^ *(dilate|sobel|box|gauss)" "$OUT/bench.txt"
grep -E "^  [A-Za-z].*(Duration|DRAM Throughput|L2 Cache Throughput|Executed Ipc Active|Issue Slots Busy|Registers Per|Achieved Occupancy|Warp Cycles Per Issued|Executed Instructions  |Block Limit Registers|Stall)" "$OUT/ncu.txt" | head -80
