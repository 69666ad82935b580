#!/usr/bin/env bash
# Session 27, call 1 (bin = 6de3424, HEAD): 1) the box and strip GPU tests (f4c35f0's r3/r4 ppt16 cases, 2ff5ccc's
# restored ppt32 cases: never run); 2) box radius 3 / 4 through the plan against ppt=32, gray8, two sizes, three
# rounds; 2b) separable_fused rgba8 radius 26 / 32 at 32x8 against 32x4 (6ea14a2's rule), two sizes, two rounds;
# 3) the suite and peers; 4) every GPU test, in what time is left (the UI tests, which skip there, not run).
set -u
: "${OUT:=/tmp/out}"; rm -rf /tmp/o1; mkdir -p "$OUT" /tmp/o1/b
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > /tmp/o1/summary.txt
start=$SECONDS
save() { cp /tmp/o1/summary.txt "$OUT/"; tar czf "$OUT/logs.tar.gz" -C /tmp/o1 . 2>/dev/null; }
timeout 100 .gpu/bin/gpu_tests --gtest_brief=1 --gtest_filter='*box*:*Box*:*StripTail*:*StripSteady*:*ShortGrid*' \
  > /tmp/o1/gpu_tests_box.log 2>&1
echo "box gpu_tests rc=$? at $((SECONDS-start)) s" >> /tmp/o1/summary.txt
grep -E '^\[  (PASSED|FAILED|SKIPPED) +\]|^\[  FAILED' /tmp/o1/gpu_tests_box.log | head -20 >> /tmp/o1/summary.txt; save
b="--stage box:radius=3 --stage box:radius=3:ppt=32 --stage box:radius=4 --stage box:radius=4:ppt=32"
for round in 1 2 3; do for z in 1920x1080 2560x1440; do
  timeout 60 .gpu/bin/filterlab bench --size $z --format gray8 $b --repeat 30 > /tmp/o1/b/p_bin_${round}_gray8_$z.txt 2>&1
done; done
python3 .gpu/means.py /tmp/o1/b > /tmp/o1/means_box.txt 2>&1; echo "bench at $((SECONDS-start)) s" >> /tmp/o1/summary.txt
cp /tmp/o1/means_box.txt "$OUT/"; save
mkdir -p /tmp/o1/f
g="gauss:variant=separable_fused:sigma=10"
b="--stage $g:radius=26:block=32x8 --stage $g:radius=26:block=32x4 --stage $g:radius=32:block=32x8"
b="$b --stage $g:radius=32:block=32x4"
for round in 1 2; do for z in 3840x2160 8192x8192; do
  timeout 60 .gpu/bin/filterlab bench --size $z --format rgba8 $b --repeat 20 > /tmp/o1/f/p_bin_${round}_rgba8_$z.txt 2>&1
done; done
python3 .gpu/means.py /tmp/o1/f > /tmp/o1/means_fused.txt 2>&1; echo "fused bench at $((SECONDS-start)) s" >> /tmp/o1/summary.txt
cp /tmp/o1/means_fused.txt "$OUT/"; save
mkdir -p "$OUT/suite"; OUT="$OUT/suite" timeout 150 bash bench/run_suite.sh run > /tmp/o1/suite_run.log 2>&1
echo "suite rc=$? at $((SECONDS-start)) s" >> /tmp/o1/summary.txt; save
left=$((480 - SECONDS + start))
timeout $left .gpu/bin/gpu_tests --gtest_brief=1 > /tmp/o1/gpu_tests_all.log 2>&1
echo "all gpu_tests rc=$? at $((SECONDS-start)) s (limit $left s)" >> /tmp/o1/summary.txt
grep -E '^\[  (PASSED|FAILED|SKIPPED) +\]|^\[  FAILED' /tmp/o1/gpu_tests_all.log | head -20 >> /tmp/o1/summary.txt
save; cat /tmp/o1/summary.txt; cat /tmp/o1/means_box.txt /tmp/o1/means_fused.txt
