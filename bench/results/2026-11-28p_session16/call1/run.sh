#!/usr/bin/env bash
# Session 16, call 1: the strip kernels' steady path (trial, .gpu/bin) against 49c339f (.gpu/base). The strip-kernel
# GPU tests with the trial; the strip stencils alternated base / trial, three rounds, two sizes; ncu instruction
# counts of dilate5 and sobel for both.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT" /tmp/o
rm -rf .gpu/bin .gpu/base; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > /tmp/o/summary.txt
start=$SECONDS
pat='*StripSteady*:*StripTailTiers*:*FilledShortGrid*'
for f in gauss3 dilate3 erode3 dilate5 erode5 sobel box2x2; do pat="$pat:Registry/VariantAgreement.*/${f}_fast_*"; done
timeout 200 $b/gpu_tests --gtest_brief=1 --gtest_filter="$pat" > /tmp/o/gpu_tests.log 2>&1
echo "gpu_tests rc=$? in $((SECONDS-start)) s" >> /tmp/o/summary.txt
grep -E '^\[  (PASSED|FAILED|SKIPPED)|^\[ variants|FAILED' /tmp/o/gpu_tests.log | head -20 >> /tmp/o/summary.txt
bn() { local t=$1 x=$2 f=$3 s=$4; shift 4; timeout 60 $x bench --size $s --format $f "$@" --repeat 20 > /tmp/o/p_${t}_${f}_${s}.txt 2>&1; }
g="--stage gauss3:variant=fast --stage dilate3:variant=fast --stage dilate5:variant=fast --stage erode5:variant=fast --stage sobel:variant=fast --stage box2x2:variant=fast"
c="--stage gauss3:variant=fast --stage dilate3:variant=fast --stage dilate5:variant=fast --stage box2x2:variant=fast"
for round in 1 2 3; do for s in 8192x8192 3840x2160; do for v in base bin; do
  bn ${v}_$round .gpu/$v/filterlab gray8 $s $g; bn ${v}_$round .gpu/$v/filterlab rgba8 $s $c
done; done; done
echo "bench done at $((SECONDS-start)) s" >> /tmp/o/summary.txt
for v in base bin; do for st in dilate5 sobel gauss3; do
  timeout 60 ncu --metrics smsp__inst_executed.sum,gpu__time_duration.sum,smsp__issue_active.avg.per_cycle_active,launch__registers_per_thread -k regex:StripKernel -c 1 \
    .gpu/$v/filterlab bench --size 8192x8192 --format gray8 --stage $st:variant=fast --repeat 1 --warmup 0 > /tmp/o/ncu_${v}_$st.txt 2>&1
  echo "ncu $v $st: $(grep -E 'inst_executed.sum|duration.sum|issue_active|registers' /tmp/o/ncu_${v}_$st.txt | awk '{print $1, $(NF)}' | tr '\n' ' ')" >> /tmp/o/summary.txt
done; done
for f in /tmp/o/p_*.txt; do n=$(basename $f .txt); n=${n#p_}; awk -v n=$n '/^device/ {next} $NF ~ /^[0-9.]+$/ && NF > 8 {l=""; for (i = 3; i <= NF - 6; i++) l = l $i; print n, $1, $2, l, $(NF-3), $NF}' $f; done > /tmp/o/rows.txt
cp /tmp/o/summary.txt /tmp/o/rows.txt "$OUT/"
tar czf "$OUT/logs.tar.gz" -C /tmp/o . 2>/dev/null
cat "$OUT/summary.txt"
