#!/usr/bin/env bash
# Session 12, call 5: gauss tensor's column pass rounding its outputs through half precision: fl_R (accumulators
# start at 1024, one conversion per two outputs), fl_H (start at 0, convert, add 1024 in half) against HEAD
# (filterlab), alternated, three rounds; tensor GPU tests of both builds.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
for t in gpu_tests gpu_tests_H; do
  timeout 150 $b/$t --gtest_filter='*tensor*:*Tensor*' > /tmp/gt_$t.txt 2>&1; echo "$t rc=$?" >> "$OUT/summary.txt"
  grep -E "^\[  PASSED|^\[  FAILED|tests ran|SKIPPED \] [0-9]" /tmp/gt_$t.txt >> "$OUT/summary.txt"; gzip -9c /tmp/gt_$t.txt > "$OUT/$t.txt.gz"
done
g="--stage gauss:variant=tensor:radius=4 --stage gauss:variant=tensor:radius=8 --stage gauss:variant=tensor:radius=2"
for round in 1 2 3; do
  for s in 8192x8192 16384x16384 4096x4096 3840x2160 1920x1080; do
    for bin in filterlab fl_R fl_H; do
      timeout 60 $b/$bin bench --size $s --format gray8 $g --repeat 30 > /tmp/p_${bin}_${s}_$round.txt 2>&1
    done
  done
  for bin in filterlab fl_R fl_H; do
    timeout 60 $b/$bin bench --size 8192x8192 --format rgba8 $g --repeat 30 > /tmp/p_${bin}c_8192x8192_$round.txt 2>&1
  done
done
cat /tmp/p_*.txt | gzip -9 > "$OUT/bench_all.txt.gz"
for f in /tmp/p_*.txt; do n=$(basename $f .txt); n=${n#p_}; n=${n%_*}; awk -v n=$n '/^device/ {next} $NF ~ /^[0-9.]+$/ && NF > 8 {l=""; for (i = 3; i <= NF - 6; i++) l = l $i; print n, $1, $2, l, $(NF-3), $NF}' $f; done > "$OUT/rows.txt"
m="gpu__time_duration.sum,smsp__inst_executed.sum,smsp__issue_active.avg.per_cycle_active"
for bin in filterlab fl_R fl_H; do
  timeout 60 ncu --clock-control none --metrics "$m" -k "regex:GaussTensor" -c 1 $b/$bin bench --size 8192x8192 --format gray8 \
    --stage gauss:variant=tensor:radius=4 --repeat 1 --warmup 0 > "$OUT/ncu_$bin.txt" 2>&1
done
tail -6 "$OUT/summary.txt"
