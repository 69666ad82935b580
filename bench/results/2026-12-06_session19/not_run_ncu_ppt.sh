#!/usr/bin/env bash
# Session 19, call 5 (not run: the device time was gone): why longer-lived gauss tensor blocks run slower. ncu's full set of the staged kernel at gray8
# 8192x8192 radius 4, 128 rows per warp (the default) against 256 (9cda83e's binary; the kernel is 7754b8d's).
set -u
: "${OUT:=/tmp/out}"; rm -rf /tmp/o; mkdir -p "$OUT" /tmp/o
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > /tmp/o/summary.txt
start=$SECONDS
for p in 128 256; do
  timeout 120 ncu --set full -k regex:GaussTensorStaged -c 1 .gpu/bin/filterlab bench --size 8192x8192 --format gray8 \
    --stage gauss:variant=tensor:radius=4:ppt=$p --repeat 1 --warmup 0 > /tmp/o/ncu_full_ppt$p.txt 2>&1
  echo "ncu ppt $p rc=$? at $((SECONDS-start)) s" >> /tmp/o/summary.txt
  grep -E "Duration|DRAM Throughput|L2 Cache Throughput|L2 Hit Rate|L1/TEX Hit Rate|Issued Warp Per|Eligible Warps|Active Warps Per|No Eligible|Warp Cycles Per Issued|Achieved Active Warps|Executed Instructions  |Waves Per SM|Grid Size|Mem Busy|Max Bandwidth|Memory Throughput" /tmp/o/ncu_full_ppt$p.txt | sed "s/^/ppt$p: /" >> /tmp/o/summary.txt
done
cp /tmp/o/summary.txt "$OUT/"; tar czf "$OUT/logs.tar.gz" -C /tmp/o . 2>/dev/null
cat "$OUT/summary.txt"
