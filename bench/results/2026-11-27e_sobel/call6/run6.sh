#!/usr/bin/env bash
# Session 2026-11-27e, call 6 (04470e9's build): what limits dilate5, sobel and box r3 fast at full clocks (ncu with
# --clock-control none: speed of light, warp states, scheduler, occupancy, memory); smem off and other blocks.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
for st in dilate5:variant=fast sobel:variant=fast box:variant=fast:radius=3 dilate3:variant=fast; do
  n=${st%%:*}; [ "$n" = box ] && n=box3
  timeout 90 ncu --clock-control none --section SpeedOfLight --section WarpStateStats --section SchedulerStats \
    --section Occupancy --section MemoryWorkloadAnalysis --section LaunchStats -c 1 -k "regex:StripKernel|BoxFast" \
    $b/filterlab bench --size 8192x8192 --format gray8 --stage $st --repeat 1 --warmup 0 > "$OUT/ncu_$n.txt" 2>&1
  echo "ncu $n rc=$?" >> "$OUT/summary.txt"
done
st=""
for s in dilate5 sobel; do
  st="$st --stage $s:variant=fast --stage $s:variant=fast:smem=off --stage $s:variant=fast:block=32x8 --stage $s:variant=fast:block=32x2 --stage $s:variant=fast:block=64x2"
done
for r in 1 2; do $b/filterlab bench --size 8192x8192 --format gray8 $st --repeat 30 >> "$OUT/launch.txt" 2>&1; done
grep -E "^(dilate5|sobel)" "$OUT/launch.txt" | awk '{print $1, $0}' | cut -c1-20,70-110,150-200 >> "$OUT/summary.txt"
for n in dilate5 sobel box3 dilate3; do
  echo "== $n" >> "$OUT/summary.txt"
  grep -E "Duration|DRAM Throughput|Compute \(SM\) Throughput|Issue Slots Busy|Issued Warp Per Scheduler|No Eligible|Active Warps Per Scheduler|Eligible Warps|Warp Cycles Per Issued|Achieved Occupancy|Registers Per|Memory Throughput|L2 Hit|Mem Busy|Max Bandwidth|SM Frequency|DRAM Frequency" "$OUT/ncu_$n.txt" >> "$OUT/summary.txt"
done
cat "$OUT/summary.txt"
