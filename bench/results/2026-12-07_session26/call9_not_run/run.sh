#!/usr/bin/env bash
# Session 26, call 9 (bin = f4c35f0: box fast takes 16 rows at radius 3 and 4 on small gray8 images): 1) the box and
# strip GPU tests; 2) box radius 3 / 4 through the plan against ppt=32, gray8, two sizes, three rounds; 3) the suite and
# peers, in what time is left (this start may only bring an H200).
set -u
: "${OUT:=/tmp/out}"; rm -rf /tmp/o9; mkdir -p "$OUT" /tmp/o9/b
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > /tmp/o9/summary.txt
start=$SECONDS
save() { cp /tmp/o9/summary.txt "$OUT/"; tar czf "$OUT/logs.tar.gz" -C /tmp/o9 . 2>/dev/null; }
timeout 100 .gpu/bin/gpu_tests --gtest_brief=1 --gtest_filter='*box*:*Box*:*StripTail*:*StripSteady*:*ShortGrid*' \
  > /tmp/o9/gpu_tests_box.log 2>&1
echo "box gpu_tests rc=$? at $((SECONDS-start)) s" >> /tmp/o9/summary.txt
grep -E '^\[  (PASSED|FAILED|SKIPPED) +\]|^\[  FAILED' /tmp/o9/gpu_tests_box.log | head -20 >> /tmp/o9/summary.txt; save
b="--stage box:radius=3 --stage box:radius=3:ppt=32 --stage box:radius=4 --stage box:radius=4:ppt=32"
for round in 1 2 3; do for z in 1920x1080 2560x1440; do
  timeout 60 .gpu/bin/filterlab bench --size $z --format gray8 $b --repeat 30 > /tmp/o9/b/p_bin_${round}_gray8_$z.txt 2>&1
done; done
python3 .gpu/means.py /tmp/o9/b > /tmp/o9/means_box.txt 2>&1; echo "bench at $((SECONDS-start)) s" >> /tmp/o9/summary.txt
cp /tmp/o9/means_box.txt "$OUT/"; save; cat /tmp/o9/means_box.txt
mkdir -p "$OUT/suite"; OUT="$OUT/suite" timeout 150 bash bench/run_suite.sh run > /tmp/o9/suite_run.log 2>&1
echo "suite rc=$? at $((SECONDS-start)) s" >> /tmp/o9/summary.txt
save; cat /tmp/o9/summary.txt
