#!/usr/bin/env bash
# Session 28, call 3 (bin = c1a7e76, HEAD), in the little device time left: the plan, tune, bench and two-pass
# morphology GPU tests; bench --variants all and tune on rgba8 gauss radius 32; tune of a variant that falls back.
set -u
: "${OUT:=/tmp/out}"; rm -rf /tmp/o3; mkdir -p "$OUT" /tmp/o3
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > /tmp/o3/summary.txt
start=$SECONDS
save() { cp /tmp/o3/summary.txt "$OUT/"; tar czf "$OUT/logs.tar.gz" -C /tmp/o3 . 2>/dev/null; }
timeout 100 $b/gpu_tests --gtest_brief=1 \
  --gtest_filter='*Plan*:*plan*:*Tune*:*tune*:*Bench*:*bench*:*two_pass*:*TwoPass*:*dilate5*:*erode5*' \
  > /tmp/o3/gpu_tests.log 2>&1
echo "plan/tune/bench/two-pass gpu_tests rc=$? at $((SECONDS-start)) s" >> /tmp/o3/summary.txt
grep -E '^\[ variants|^\[  (PASSED|FAILED|SKIPPED) +\]|^\[  FAILED' /tmp/o3/gpu_tests.log | head -20 >> /tmp/o3/summary.txt; save
timeout 30 $b/filterlab bench --size 1920x1080 --format rgba8 --stage gauss:radius=32:sigma=10 --variants all \
  --repeat 5 > /tmp/o3/bench_all.txt 2>&1
echo "bench --variants all rc=$?" >> /tmp/o3/summary.txt
timeout 30 $b/filterlab tune --size 1920x1080 --format rgba8 --stage gauss:variant=separable_fused:radius=32:sigma=10 \
  --quick > /tmp/o3/tune.txt 2>&1
echo "tune rc=$?" >> /tmp/o3/summary.txt; tail -2 /tmp/o3/tune.txt >> /tmp/o3/summary.txt
timeout 20 $b/filterlab tune --size 1920x1080 --format rgba8 --stage gauss:radius=32:sigma=10 --quick \
  > /tmp/o3/tune_fallback.txt 2>&1
echo "tune of the default (tensor, falls back) rc=$?: $(tail -1 /tmp/o3/tune_fallback.txt)" >> /tmp/o3/summary.txt
save; cat /tmp/o3/summary.txt; grep -E "gauss" /tmp/o3/bench_all.txt | cut -c1-150
