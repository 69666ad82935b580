#!/usr/bin/env bash
# Session 25, call 1: base = 9ffaebf (HEAD; kernels as 54266cb); o8 = the candidate commit (gauss columns: rows by
# 32-bit index, 8 outputs per row-pass task); cand = base + cols1.diff; o89 = base + o89.diff (trial only).
# 1) o8's columns GPU tests; 2) base, o8, cand, o89 alternated, three rounds: gray32f gauss r4/r6/r8 (columns) at
# 8192x8192 and 3840x2160, plus r8 with ppt 527 and blocks of 256; 3) the suite and peers with o8; 4) ncu of o8 r8;
# 5) every GPU test of o8.
set -u
: "${OUT:=/tmp/out}"; rm -rf /tmp/o; mkdir -p "$OUT" /tmp/o
rm -rf .gpu/base .gpu/cand .gpu/o8 .gpu/o89; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > /tmp/o/summary.txt
start=$SECONDS
save() { cp /tmp/o/summary.txt "$OUT/"; tar czf "$OUT/logs.tar.gz" -C /tmp/o --exclude=suite . 2>/dev/null; }
timeout 120 .gpu/o8/gpu_tests --gtest_brief=1 --gtest_filter='*columns*:*Columns*' > /tmp/o/gpu_tests_o8_columns.log 2>&1
echo "o8 columns gpu_tests rc=$? at $((SECONDS-start)) s" >> /tmp/o/summary.txt
grep -E '^\[  (PASSED|FAILED|SKIPPED)|^\[  FAILED' /tmp/o/gpu_tests_o8_columns.log | head -12 >> /tmp/o/summary.txt; save
bn() { local t=$1 x=$2 f=$3 s=$4; shift 4; timeout 60 $x bench --size $s --format $f "$@" --repeat 30 > /tmp/o/p_${t}_${f}_${s}.txt 2>&1; }
st="--stage gauss:variant=columns:radius=4:sigma=2 --stage gauss:variant=columns:radius=6:sigma=3"
st="$st --stage gauss:variant=columns:radius=8:sigma=4"
sw="--stage gauss:variant=columns:radius=8:sigma=4:ppt=527 --stage gauss:variant=columns:radius=8:sigma=4:block=256x1:ppt=510"
sw="$sw --stage gauss:variant=columns:radius=4:sigma=2:block=128x1"
for round in 1 2 3; do for v in base o8 cand o89; do
  for z in 8192x8192 3840x2160; do bn ${v}_$round .gpu/$v/filterlab gray32f $z $st; done
  bn sw${v}_$round .gpu/$v/filterlab gray32f 8192x8192 $sw
done; echo "round $round done at $((SECONDS-start)) s" >> /tmp/o/summary.txt
  python3 .gpu/means.py /tmp/o > /tmp/o/means.txt 2>&1; save; done
mkdir -p .gpu/bin && cp .gpu/o8/filterlab .gpu/bin/filterlab  # run_suite.sh times .gpu/bin/filterlab
OUT=/tmp/o/suite timeout 150 bash bench/run_suite.sh run > /tmp/o/suite_run.txt 2>&1
echo "suite (o8) rc=$? at $((SECONDS-start)) s" >> /tmp/o/summary.txt; mkdir -p "$OUT/suite"; cp -r /tmp/o/suite/. "$OUT/suite/"; save
timeout 80 ncu --clock-control none --set full -k regex:GaussColumns -c 1 .gpu/o8/filterlab bench --size 8192x8192 \
  --format gray32f --stage gauss:variant=columns:radius=8:sigma=4 --repeat 1 --warmup 0 > /tmp/o/ncu_o8_r8.txt 2>&1
echo "ncu o8_r8 rc=$? at $((SECONDS-start)) s" >> /tmp/o/summary.txt; save
left=$((565 - SECONDS + start))
timeout $left .gpu/o8/gpu_tests --gtest_brief=1 > /tmp/o/gpu_tests_o8_all.log 2>&1
echo "o8 all gpu_tests rc=$? at $((SECONDS-start)) s (limit $left s)" >> /tmp/o/summary.txt
grep -E '^\[  (PASSED|FAILED|SKIPPED) +\]|^\[  FAILED' /tmp/o/gpu_tests_o8_all.log | head -20 >> /tmp/o/summary.txt
save; cat /tmp/o/means.txt; cat "$OUT/summary.txt"
