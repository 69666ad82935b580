#!/usr/bin/env bash
# Session 11, call 2: gauss tensor with the last wave's rows in shorter strips (trial switch FL_TRIAL_TAIL =
# "divisor,wave quarters", 0 = equal strips as now), five sizes, gray8 r2 / r4 / r8 and rgba8 r4; two rounds.
# The tensor GPU tests under two tail rules first.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
for t in 4,4 2,2; do
  FL_TRIAL_TAIL=$t timeout 150 $b/gpu_tests_T --gtest_filter='*gauss_tensor*' > /tmp/gt_$t.txt 2>&1
  echo "gpu_tests tail $t rc=$? $(grep -E '^\[  (PASSED|FAILED)' /tmp/gt_$t.txt | tr '\n' ' ')" >> "$OUT/summary.txt"
done
FL_TRIAL_TAIL=4,4 FL_TRIAL_PRINT=1 timeout 100 compute-sanitizer --tool racecheck $b/gpu_tests_T --gtest_filter='*gauss_tensor_gray8_1023x769_b32x8_ppt128_smem*:*gauss_tensor_rgba8_1023x769_b32x8_ppt128_smem*' > /tmp/rc.txt 2>&1
echo "racecheck rc=$?" >> "$OUT/summary.txt"; tail -2 /tmp/rc.txt >> "$OUT/summary.txt"; grep -m3 tiers /tmp/rc.txt >> "$OUT/summary.txt"
g="--stage gauss:variant=tensor:radius=2 --stage gauss:variant=tensor:radius=4 --stage gauss:variant=tensor:radius=8"
c="--stage gauss:variant=tensor:radius=4"
for round in 1 2; do
  for s in 8192x8192 16384x16384 4096x4096 2048x2048 1920x1080; do
    for t in 0 4,4 2,4 4,2 2,2 4,1 8,4; do
      FL_TRIAL_TAIL=$t timeout 60 $b/fl_T bench --size $s --format gray8 $g --repeat 30 > /tmp/p_T${t}_g_${s}_$round.txt 2>&1
      [ $s != 16384x16384 ] && FL_TRIAL_TAIL=$t timeout 60 $b/fl_T bench --size $s --format rgba8 $c --repeat 30 > /tmp/p_T${t}_c_${s}_$round.txt 2>&1
    done
  done
done
for s in 8192x8192 4096x4096 1920x1080; do FL_TRIAL_TAIL=4,4 FL_TRIAL_PRINT=1 $b/fl_T bench --size $s --format gray8 $c --repeat 1 --warmup 0 2>&1 | grep -m1 tiers >> "$OUT/summary.txt"; done
cat /tmp/p_*.txt > "$OUT/bench_all.txt"
for f in /tmp/p_*.txt; do n=$(basename $f .txt); n=${n#p_}; n=${n%_*}; awk -v n=$n '/^device/ {next} $NF ~ /^[0-9.]+$/ && NF > 8 {l=""; for (i = 3; i <= NF - 6; i++) l = l $i; print n, $1, $2, $(NF-5), $(NF-4), l, $(NF-3), $NF}' $f; done > /tmp/rows.txt
awk '{k=$1" "$3" "$4" "$5; t[k]+=$7; p[k]+=$8; n[k]++} END {for (k in t) printf "%-60s %9.4f ms %6.1f\n", k, t[k]/n[k], p[k]/n[k]}' /tmp/rows.txt | sort >> "$OUT/summary.txt"
cp /tmp/gt_4,4.txt "$OUT/gpu_tests.txt"
head -20 "$OUT/summary.txt"
