#!/usr/bin/env bash
# Session 8, call 18 (bc68dd4 as built): what holds the kernels whose goals are still unmet, after the edge-chunk
# change: ncu at full clocks of gray8 sobel, box radius 3 and 16 (and dilate5, now met), one launch each at
# 8192x8192: speed of light, occupancy, warp state and scheduler sections.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
timeout 200 ncu --clock-control none --section SpeedOfLight --section Occupancy --section WarpStateStats --section SchedulerStats --section LaunchStats -k "regex:BoxFast|StripKernel" $b/filterlab bench --size 8192x8192 --format gray8 --stage sobel:variant=fast --stage box:variant=fast:radius=3 --stage box:variant=fast:radius=16 --stage dilate5:variant=fast --repeat 1 --warmup 0 > /tmp/ncu.txt 2>&1
echo "ncu rc=$?" >> "$OUT/summary.txt"
gzip -9c /tmp/ncu.txt > "$OUT/ncu.txt.gz"
grep -E "^  [A-Za-z].*(Box|Strip)|Duration|Registers Per|Achieved Active Warps|Theoretical Occupancy|No Eligible|Eligible Warps|Active Warps Per Sch|Issued Warp Per|Warp Cycles Per Issued|DRAM Throughput|L2 Cache Throughput|Compute \(SM\) Th|Block Limit (Registers|Shared)|stalled waiting|represents about" /tmp/ncu.txt | cut -c1-120 >> "$OUT/summary.txt"
cat "$OUT/summary.txt"
