#!/usr/bin/env bash
# Session 26, call 6 (bin = b32ff73, HEAD): 1) ncu's breakdown of the L2 and memory throughput of gauss tensor radius 4
# at 8192x8192, gray8 and rgba8 (which unit of the L2 is busy); 2) every GPU test; 3) the UI tests (EGL interop).
set -u
: "${OUT:=/tmp/out}"; rm -rf /tmp/o6; mkdir -p "$OUT" /tmp/o6
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > /tmp/o6/summary.txt
start=$SECONDS
save() { cp /tmp/o6/summary.txt "$OUT/"; tar czf "$OUT/logs.tar.gz" -C /tmp/o6 . 2>/dev/null; }
m="breakdown:gpu__compute_memory_throughput.avg.pct_of_peak_sustained_elapsed"
m="$m,breakdown:lts__throughput.avg.pct_of_peak_sustained_elapsed,lts__t_requests_srcunit_tex.sum"
m="$m,lts__t_sectors_srcunit_tex_op_read.sum,lts__t_sectors_srcunit_tex_op_write.sum,lts__t_requests_srcunit_tex_op_read.sum"
m="$m,lts__t_requests_srcunit_tex_op_write.sum,dram__bytes_read.sum,dram__bytes_write.sum,gpu__time_duration.sum"
for f in gray8 rgba8; do
  timeout 60 ncu --clock-control none --metrics "$m" -k regex:GaussTensor -c 1 .gpu/bin/filterlab bench \
    --size 8192x8192 --format $f --stage gauss:variant=tensor:radius=4:sigma=2 --repeat 1 --warmup 0 \
    > /tmp/o6/ncu_l2_$f.txt 2>&1
  echo "ncu $f rc=$? at $((SECONDS-start)) s" >> /tmp/o6/summary.txt
done
save
timeout 330 .gpu/bin/gpu_tests --gtest_brief=1 > /tmp/o6/gpu_tests_all.log 2>&1
echo "all gpu_tests rc=$? at $((SECONDS-start)) s" >> /tmp/o6/summary.txt
grep -E '^\[  (PASSED|FAILED|SKIPPED) +\]|^\[  FAILED' /tmp/o6/gpu_tests_all.log | head -20 >> /tmp/o6/summary.txt; save
left=$((570 - SECONDS + start))
timeout $left .gpu/bin/ui_tests --gtest_brief=1 > /tmp/o6/ui_tests.log 2>&1
echo "ui_tests rc=$? at $((SECONDS-start)) s (limit $left s)" >> /tmp/o6/summary.txt
grep -E '^\[  (PASSED|FAILED|SKIPPED) +\]|^\[  FAILED' /tmp/o6/ui_tests.log | head -20 >> /tmp/o6/summary.txt
save; cat /tmp/o6/summary.txt; for f in gray8 rgba8; do grep -v "^==PROF==" /tmp/o6/ncu_l2_$f.txt | tail -45; done
