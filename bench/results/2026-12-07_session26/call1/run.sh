#!/usr/bin/env bash
# Session 26, call 1 (bin = HEAD: ColumnArgs folded): 1) gray32f gauss radius 1 / 2, fast against columns, three
# rounds at three sizes; 2) the suite and peers; 3) every GPU test.
set -u
: "${OUT:=/tmp/out}"; rm -rf /tmp/o; mkdir -p "$OUT" /tmp/o
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > /tmp/o/summary.txt
start=$SECONDS
save() { cp /tmp/o/summary.txt "$OUT/"; tar czf "$OUT/logs.tar.gz" -C /tmp/o . 2>/dev/null; }
st=""; for r in 1 2; do for v in fast columns; do st="$st --stage gauss:variant=$v:radius=$r:sigma=1"; done; done
for round in 1 2 3; do for z in 1920x1080 3840x2160 8192x8192; do
  timeout 60 .gpu/bin/filterlab bench --size $z --format gray32f $st --repeat 30 > /tmp/o/p_bin_${round}_gray32f_$z.txt 2>&1
done; done
python3 .gpu/means.py /tmp/o > /tmp/o/means.txt 2>&1; echo "r1/r2 done at $((SECONDS-start)) s" >> /tmp/o/summary.txt; save
mkdir -p /tmp/o/suite
OUT=/tmp/o/suite timeout 260 bash bench/run_suite.sh run > /tmp/o/suite_run.log 2>&1
echo "suite rc=$? at $((SECONDS-start)) s" >> /tmp/o/summary.txt; cp -r /tmp/o/suite "$OUT/"; save
left=$((575 - SECONDS + start))
timeout $left .gpu/bin/gpu_tests --gtest_brief=1 > /tmp/o/gpu_tests_all.log 2>&1
echo "all gpu_tests rc=$? at $((SECONDS-start)) s (limit $left s)" >> /tmp/o/summary.txt
grep -E '^\[  (PASSED|FAILED|SKIPPED) +\]|^\[  FAILED' /tmp/o/gpu_tests_all.log | head -20 >> /tmp/o/summary.txt
save; cat /tmp/o/means.txt; cat "$OUT/summary.txt"
