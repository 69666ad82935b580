#!/usr/bin/env bash
# Session 28, call 2 (bin = b3d6ceb, HEAD: the fitted default launch for the tuner, the editor and bench's other
# variants; host code): 1) on an H200 only, the suite and peers (goal rows); 2) the plan, tune and bench GPU
# tests; 3) bench --variants all and tune on rgba8 gauss radius 32 (separable_fused's 114.5 KiB default);
# 4) every GPU test in what time is left.
set -u
: "${OUT:=/tmp/out}"; rm -rf /tmp/o2; mkdir -p "$OUT" /tmp/o2
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > /tmp/o2/summary.txt
start=$SECONDS
save() { cp /tmp/o2/summary.txt "$OUT/"; tar czf "$OUT/logs.tar.gz" -C /tmp/o2 . 2>/dev/null; }
if grep -q H200 /tmp/o2/summary.txt; then  # call 1 ran the H100's suite at 3001edb
  mkdir -p "$OUT/suite"; OUT="$OUT/suite" timeout 170 bash bench/run_suite.sh run > /tmp/o2/suite_run.log 2>&1
  echo "suite rc=$? at $((SECONDS-start)) s" >> /tmp/o2/summary.txt; save
fi
timeout 90 $b/gpu_tests --gtest_brief=1 --gtest_filter='*Plan*:*plan*:*Tune*:*tune*:*Bench*:*bench*' \
  > /tmp/o2/gpu_tests_plan.log 2>&1
echo "plan/tune/bench gpu_tests rc=$? at $((SECONDS-start)) s" >> /tmp/o2/summary.txt
grep -E '^\[  (PASSED|FAILED|SKIPPED) +\]|^\[  FAILED' /tmp/o2/gpu_tests_plan.log | head -20 >> /tmp/o2/summary.txt; save
timeout 60 $b/filterlab bench --size 1920x1080 --format rgba8 --stage gauss:radius=32:sigma=10 --variants all \
  --repeat 5 > /tmp/o2/bench_all.txt 2>&1
echo "bench --variants all rc=$?" >> /tmp/o2/summary.txt
timeout 60 $b/filterlab tune --size 1920x1080 --format rgba8 --stage gauss:variant=separable_fused:radius=32:sigma=10 \
  --quick --json /tmp/o2/tune.json > /tmp/o2/tune.txt 2>&1
echo "tune rc=$?" >> /tmp/o2/summary.txt; tail -3 /tmp/o2/tune.txt >> /tmp/o2/summary.txt
timeout 30 $b/filterlab tune --size 1920x1080 --format rgba8 --stage gauss:radius=32:sigma=10 --quick \
  > /tmp/o2/tune_fallback.txt 2>&1
echo "tune of the default (tensor, falls back) rc=$?: $(tail -1 /tmp/o2/tune_fallback.txt)" >> /tmp/o2/summary.txt; save
left=$((200 - SECONDS + start))
timeout $left $b/gpu_tests --gtest_brief=1 > /tmp/o2/gpu_tests_all.log 2>&1
echo "all gpu_tests rc=$? at $((SECONDS-start)) s (limit $left s)" >> /tmp/o2/summary.txt
grep -E '^\[ variants|^\[  (PASSED|FAILED|SKIPPED) +\]|^\[  FAILED' /tmp/o2/gpu_tests_all.log | head -20 >> /tmp/o2/summary.txt
save; cat /tmp/o2/summary.txt; grep -E "gauss" /tmp/o2/bench_all.txt | cut -c1-150
[ -f "$OUT/suite/suite.txt" ] && grep -E "^(copy|gauss3 |gauss |dilate3 |dilate5 |sobel |box |warp_affine )" "$OUT/suite/suite.txt" | grep -E " fast |tensor| copy|cudaMemcpy" | cut -c1-140 | head -40
