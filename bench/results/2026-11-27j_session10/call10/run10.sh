#!/usr/bin/env bash
# Session 10, call 10: sobel's tail over half a wave's rows (TailRule{kQuarterTail, kHalfWave}, S) against c2c0b9f
# (H). Builds alternated by process, three rounds, five sizes; the other strip stencils at 8192x8192 as a control;
# sobel, strip-tier and plan GPU tests of S; racecheck and memcheck over the both-tiers tests.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
ctl="--stage gauss3:variant=fast --stage dilate3:variant=fast --stage dilate5:variant=fast --stage box:variant=fast:radius=3"
for round in 1 2 3; do
  for v in H S; do
    for s in 16384x16384 8192x8192 4096x4096 2048x2048 1920x1080; do
      $b/fl_$v bench --size $s --format gray8 --stage sobel:variant=fast --repeat 30 > /tmp/s_${v}_${s}_$round.txt 2>&1
    done
    $b/fl_$v bench --size 8192x8192 --format gray8 $ctl --repeat 30 > /tmp/c_${v}_8192_$round.txt 2>&1
  done
done
cat /tmp/s_*.txt /tmp/c_*.txt > "$OUT/bench_all.txt"
timeout 200 $b/gpu_tests_S --gtest_filter='*sobel*:*Sobel*:*Tier*:*Plan*' > /tmp/gt.txt 2>&1; echo "gpu_tests rc=$?" >> "$OUT/summary.txt"
grep -E "^\[  PASSED|^\[  FAILED|SKIPPED \] [0-9]" /tmp/gt.txt >> "$OUT/summary.txt"
timeout 150 compute-sanitizer --tool racecheck $b/gpu_tests_S --gtest_filter='*BothTiersMatchTheOracle/sobel*:*BothTiersMatchTheOracle/gauss3*' > /tmp/rc.txt 2>&1; echo "racecheck rc=$?" >> "$OUT/summary.txt"; tail -2 /tmp/rc.txt >> "$OUT/summary.txt"
timeout 150 compute-sanitizer --tool memcheck $b/gpu_tests_S --gtest_filter='*BothTiersMatchTheOracle/sobel*:*BothTiersMatchTheOracle/gauss3*' > /tmp/mc.txt 2>&1; echo "memcheck rc=$?" >> "$OUT/summary.txt"; tail -2 /tmp/mc.txt >> "$OUT/summary.txt"
for v in H S; do
  cat /tmp/s_${v}_*.txt /tmp/c_${v}_*.txt | awk -v v=$v '/^device/ {next} $NF ~ /^[0-9.]+$/ && NF > 8 {k=$1" "$2" "$(NF-5)" "v; t[k]+=$(NF-3); p[k]+=$NF; n[k]++} END {for (k in t) printf "%-60s %9.4f ms %6.1f\n", k, t[k]/n[k], p[k]/n[k]}'
done | sort >> "$OUT/summary.txt"
cat "$OUT/summary.txt"
