#!/usr/bin/env bash
# Session 2026-11-27b, call 9: ncu of warp_affine fast on rgba8 (and gray8 again) at its default launch.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
secs="--section SpeedOfLight --section Occupancy --section LaunchStats --section WarpStateStats --section SchedulerStats --section InstructionStats --section MemoryWorkloadAnalysis --section ComputeWorkloadAnalysis"
for fmt in rgba8 gray8; do
  timeout 120 ncu $secs -k "regex:Warp" $b/filterlab bench --size 8192x8192 --format $fmt --stage warp_affine:variant=fast --repeat 1 --warmup 0 > "$OUT/ncu_$fmt.txt" 2>&1
  echo "ncu $fmt rc=$?" >> "$OUT/summary.txt"
done
$b/filterlab bench --size 8192x8192 --format rgba8 --stage warp_affine --variants all --repeat 20 > "$OUT/bench.txt" 2>&1
cat "$OUT/summary.txt"; grep -E "warp" "$OUT/bench.txt" | cut -c1-140
for fmt in rgba8 gray8; do echo "== $fmt"; grep -E "^  [A-Za-z].*(Duration|DRAM Throughput|L1/TEX Cache Throughput|L2 Cache Throughput|Executed Ipc Active|Issue Slots Busy|Registers Per|Achieved Occupancy|Warp Cycles Per Issued|Executed Instructions   |highest-utilized|Mem Busy|Max Bandwidth|L1/TEX Hit|Stall)" "$OUT/ncu_$fmt.txt" | head -30; done
