#!/usr/bin/env bash
# Session 25, call 2: base = 9ffaebf (main); ct = e5d4ddc (gauss columns takes the plan's tail and short-grid
# strips); ctc = 0133c5e (ct + rows by 32-bit index, registers capped at 56 from radius 5).
# 1) the columns GPU tests of ct and ctc (with the new strip-tier cases); 2) base, ct, ctc alternated, three rounds,
# gray32f gauss columns r4/r6/r8 at their default launches at four sizes; 3) ncu of ctc r8; 4) every GPU test of ctc.
set -u
: "${OUT:=/tmp/out}"; rm -rf /tmp/o; mkdir -p "$OUT" /tmp/o
rm -rf .gpu/base .gpu/ct .gpu/ctc; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > /tmp/o/summary.txt
start=$SECONDS
save() { cp /tmp/o/summary.txt "$OUT/"; tar czf "$OUT/logs.tar.gz" -C /tmp/o . 2>/dev/null; }
for v in ct ctc; do
  timeout 120 .gpu/$v/gpu_tests --gtest_brief=1 --gtest_filter='*columns*:*Columns*' > /tmp/o/gpu_tests_${v}_columns.log 2>&1
  echo "$v columns gpu_tests rc=$? at $((SECONDS-start)) s" >> /tmp/o/summary.txt
  grep -E '^\[  (PASSED|FAILED|SKIPPED)|^\[  FAILED' /tmp/o/gpu_tests_${v}_columns.log | head -12 >> /tmp/o/summary.txt; save
done
bn() { local t=$1 x=$2 f=$3 s=$4; shift 4; timeout 60 $x bench --size $s --format $f "$@" --repeat 30 > /tmp/o/p_${t}_${f}_${s}.txt 2>&1; }
st="--stage gauss:variant=columns:radius=4:sigma=2 --stage gauss:variant=columns:radius=6:sigma=3"
st="$st --stage gauss:variant=columns:radius=8:sigma=4"
for round in 1 2 3; do for v in base ct ctc; do
  for z in 8192x8192 3840x2160 4096x4096 1920x1080; do bn ${v}_$round .gpu/$v/filterlab gray32f $z $st; done
done; echo "round $round done at $((SECONDS-start)) s" >> /tmp/o/summary.txt
  python3 .gpu/means.py /tmp/o > /tmp/o/means.txt 2>&1; save; done
timeout 60 ncu --clock-control none --set full -k regex:GaussColumns -c 1 .gpu/ctc/filterlab bench --size 8192x8192 \
  --format gray32f --stage gauss:variant=columns:radius=8:sigma=4 --repeat 1 --warmup 0 > /tmp/o/ncu_ctc_r8.txt 2>&1
echo "ncu ctc_r8 rc=$? at $((SECONDS-start)) s" >> /tmp/o/summary.txt; save
left=$((565 - SECONDS + start))
timeout $left .gpu/ctc/gpu_tests --gtest_brief=1 > /tmp/o/gpu_tests_ctc_all.log 2>&1
echo "ctc all gpu_tests rc=$? at $((SECONDS-start)) s (limit $left s)" >> /tmp/o/summary.txt
grep -E '^\[  (PASSED|FAILED|SKIPPED) +\]|^\[  FAILED' /tmp/o/gpu_tests_ctc_all.log | head -20 >> /tmp/o/summary.txt
save; cat /tmp/o/means.txt; cat "$OUT/summary.txt"
