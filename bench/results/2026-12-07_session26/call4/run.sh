#!/usr/bin/env bash
# Session 26, call 4 (bin = 512116c): 1) compute-sanitizer memcheck and racecheck over the columns GPU tests (ColumnArgs
# folded); 2) ncu (clocks left alone) of rgba8 gauss tensor radius 4 at 8192x8192, ppt 192, blocks of 4 and 8 warps
# (call 3: 53.4 against 71.9% of a copy), to see why the block's width counts so much more for rgba8 than for gray8.
set -u
: "${OUT:=/tmp/out}"; rm -rf /tmp/o4; mkdir -p "$OUT" /tmp/o4
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > /tmp/o4/summary.txt
start=$SECONDS
for t in memcheck racecheck; do
  timeout 150 compute-sanitizer --tool $t --error-exitcode 9 .gpu/bin/gpu_tests --gtest_brief=1 \
    --gtest_filter='*columns*:*Columns*' > /tmp/o4/sanitizer_$t.log 2>&1
  echo "$t rc=$? at $((SECONDS-start)) s" >> /tmp/o4/summary.txt; tail -3 /tmp/o4/sanitizer_$t.log >> /tmp/o4/summary.txt
done
for b in 32x4 32x8; do
  timeout 90 ncu --clock-control none --set full -k regex:GaussTensor -c 1 .gpu/bin/filterlab bench --size 8192x8192 \
    --format rgba8 --stage gauss:variant=tensor:radius=4:sigma=2:block=$b:ppt=192 --repeat 1 --warmup 0 \
    > /tmp/o4/ncu_rgba8_r4_$b.txt 2>&1
  echo "ncu $b rc=$? at $((SECONDS-start)) s" >> /tmp/o4/summary.txt
done
cp /tmp/o4/summary.txt "$OUT/"; tar czf "$OUT/logs.tar.gz" -C /tmp/o4 .; cat /tmp/o4/summary.txt
for b in 32x4 32x8; do grep -E "Duration|DRAM Throughput|L2 Cache Throughput|Executed Ipc A|Issue Slots Busy|Registers Per|Achieved Occupancy|Theoretical Occupancy|Block Limit|Executed Instructions  |Mem Busy|Max Bandwidth|Shared Memory Configuration|Dynamic Shared" /tmp/o4/ncu_rgba8_r4_$b.txt | head -30; done
