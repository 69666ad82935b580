#!/usr/bin/env bash
# Session 20, call 1: every GPU test at e7aa05e (no GPU run followed the review mend 1d7932e); then ncu's full set of
# gauss tensor's staged kernel at gray8 8192x8192 radius 4, 128 rows per warp (the default) against 256: why longer-
# lived blocks run slower (DRAM bytes and throughput, L2 hit rate, stalls).
set -u
: "${OUT:=/tmp/out}"; rm -rf /tmp/o; mkdir -p "$OUT" /tmp/o
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > /tmp/o/summary.txt
start=$SECONDS
save() { cp /tmp/o/summary.txt "$OUT/"; tar czf "$OUT/logs.tar.gz" -C /tmp/o . 2>/dev/null; }
for p in 128 256; do
  timeout 90 ncu --set full -k regex:GaussTensorStaged -c 1 $b/filterlab bench --size 8192x8192 --format gray8 \
    --stage gauss:variant=tensor:radius=4:ppt=$p --repeat 1 --warmup 0 > /tmp/o/ncu_full_ppt$p.txt 2>&1
  echo "ncu ppt $p rc=$? at $((SECONDS-start)) s" >> /tmp/o/summary.txt
  grep -E "Duration|DRAM Throughput|L2 Cache Throughput|L2 Hit Rate|L1/TEX Hit Rate|Issued Warp Per|Eligible Warps|Active Warps Per|No Eligible|Warp Cycles Per Issued|Achieved Active Warps|Executed Instructions  |Waves Per SM|Grid Size|Mem Busy|Max Bandwidth|Memory Throughput" /tmp/o/ncu_full_ppt$p.txt | sed "s/^/ppt$p: /" >> /tmp/o/summary.txt
  timeout 60 ncu --metrics dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sectors_srcunit_tex_op_read.sum,lts__t_sectors_srcunit_tex_op_read_lookup_hit.sum,lts__t_sectors_srcunit_tex_op_read_lookup_miss.sum,smsp__inst_executed.sum,gpu__time_duration.sum \
    -k regex:GaussTensorStaged -c 1 $b/filterlab bench --size 8192x8192 --format gray8 \
    --stage gauss:variant=tensor:radius=4:ppt=$p --repeat 1 --warmup 0 > /tmp/o/ncu_bytes_ppt$p.txt 2>&1
  grep -E "dram__|lts__|smsp__|gpu__" /tmp/o/ncu_bytes_ppt$p.txt | sed "s/^/ppt$p: /" >> /tmp/o/summary.txt
done
save
timeout 300 $b/gpu_tests --gtest_brief=1 > /tmp/o/gpu_tests.log 2>&1; echo "gpu_tests rc=$? at $((SECONDS-start)) s" >> /tmp/o/summary.txt
grep -E '^\[  (PASSED|FAILED|SKIPPED)|^\[ variants|tests? ran' /tmp/o/gpu_tests.log | head -20 >> /tmp/o/summary.txt
grep -E '^\[  FAILED' /tmp/o/gpu_tests.log | head -20 >> /tmp/o/summary.txt
save
cat "$OUT/summary.txt"
