#!/usr/bin/env bash
# Session 2026-11-27c, call 1 (3d47b7f): gauss GPU tests with columns' whole-batch rule; the strip probe
# (memory structure alone); ncu DRAM bytes and SM activity of the strip kernels by rows per thread.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
start=$SECONDS
timeout 150 $b/gpu_tests --gtest_brief=1 --gtest_filter='*gauss*' > "$OUT/tests.log" 2>&1
echo "gauss gpu_tests rc=$? in $((SECONDS-start)) s $(grep -E '^\[  (PASSED|FAILED) +\]|^\[ variants' "$OUT/tests.log" | tr '\n' ' ')" >> "$OUT/summary.txt"
timeout 100 .gpu/probe/strip_probe > "$OUT/probe.txt" 2>&1; echo "probe rc=$?" >> "$OUT/summary.txt"
m=gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,sm__cycles_active.avg,sm__cycles_elapsed.max,lts__t_sector_hit_rate.pct,smsp__inst_executed.sum,sm__warps_active.avg.pct_of_peak_sustained_active
st=""
for p in 4 8 16 42; do st="$st --stage dilate5:variant=fast:ppt=$p"; done
for p in 8 16; do st="$st --stage box:variant=fast:radius=3:ppt=$p"; done
for p in 128 512; do st="$st --stage gauss:variant=tensor:radius=4:ppt=$p"; done
st="$st --stage sobel:variant=fast"
timeout 150 ncu --metrics $m -k "regex:StripKernel|BoxFast|GaussTensor" $b/filterlab bench --size 8192x8192 --format gray8 $st --repeat 1 --warmup 0 > "$OUT/ncu.txt" 2>&1
echo "ncu rc=$?" >> "$OUT/summary.txt"
gzip -9 "$OUT/tests.log"
cat "$OUT/summary.txt" "$OUT/probe.txt"
grep -E "StripKernel|BoxFast|GaussTensor|duration|dram__|cycles|hit_rate|inst_exec|warps_active" "$OUT/ncu.txt" | sed -E 's/\(StripArgs\)|\(const __grid_constant__.*\)//' | awk '{$1=$1};1' | cut -c1-110
