#!/usr/bin/env bash
# Session 11, call 3: gauss tensor with tails (K: the tail rule {half as long, half a wave} through the plan) -
# its GPU tests, racecheck and memcheck; K against the base (B, 8a7e020) alternated, three rounds, six sizes;
# tensor rows per warp at four sizes; every fast variant at 1920x1080 and 3840x2160 (where the lab runs).
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
timeout 200 $b/gpu_tests_K --gtest_filter='*gauss_tensor*:*StripTail*' > /tmp/gt.txt 2>&1
echo "gpu_tests rc=$? $(grep -E '^\[  (PASSED|FAILED)' /tmp/gt.txt | tr '\n' ' ')" >> "$OUT/summary.txt"
grep -E "^\[  FAILED" /tmp/gt.txt >> "$OUT/summary.txt"
f='*gauss_tensor_*_1023x769_b32x8_ppt128_*:*gauss_tensor_*_17x13_b32x8_ppt128_*'
for tool in racecheck memcheck; do
  timeout 150 compute-sanitizer --tool $tool $b/gpu_tests_K --gtest_filter="$f" > /tmp/san_$tool.txt 2>&1
  echo "$tool rc=$? $(grep -E 'PASSED|SUMMARY' /tmp/san_$tool.txt | tr '\n' ' ')" >> "$OUT/summary.txt"
done
g="--stage gauss:variant=tensor:radius=2 --stage gauss:variant=tensor:radius=4 --stage gauss:variant=tensor:radius=8"
c="--stage gauss:variant=tensor:radius=4 --stage gauss:variant=tensor:radius=8"
for round in 1 2 3; do
  for s in 8192x8192 16384x16384 4096x4096 3840x2160 2048x2048 1920x1080; do
    for v in B K; do
      timeout 60 $b/fl_$v bench --size $s --format gray8 $g --repeat 30 > /tmp/p_${v}_g_${s}_$round.txt 2>&1
      [ $s != 16384x16384 ] && timeout 60 $b/fl_$v bench --size $s --format rgba8 $c --repeat 30 > /tmp/p_${v}_c_${s}_$round.txt 2>&1
    done
  done
done
st=""; for p in 32 48 64 96 128 192; do st="$st --stage gauss:variant=tensor:radius=4:ppt=$p"; done
for round in 1 2; do
  for s in 8192x8192 4096x4096 3840x2160 2048x2048 1920x1080; do
    timeout 60 $b/fl_K bench --size $s --format gray8 $st --repeat 30 > /tmp/p_P_g_${s}_$round.txt 2>&1
    timeout 60 $b/fl_K bench --size $s --format rgba8 $st --repeat 30 > /tmp/p_P_c_${s}_$round.txt 2>&1
  done
done
for s in 1920x1080 3840x2160; do
  timeout 120 $b/fl_K bench --suite --size $s --formats gray8,rgba8 --repeat 30 > /tmp/suite_$s.txt 2>&1
  cp /tmp/suite_$s.txt "$OUT/"
done
cat /tmp/p_*.txt > "$OUT/bench_all.txt"
for f in /tmp/p_*.txt; do n=$(basename $f .txt); n=${n#p_}; n=${n%_*}; awk -v n=$n '/^device/ {next} $NF ~ /^[0-9.]+$/ && NF > 8 {l=""; for (i = 3; i <= NF - 6; i++) l = l $i; print n, $1, $2, $(NF-5), $(NF-4), l, $(NF-3), $NF}' $f; done > /tmp/rows.txt
awk '{k=$1" "$3" "$4" "$5" "$6; t[k]+=$7; p[k]+=$8; n[k]++} END {for (k in t) printf "%-75s %9.4f ms %6.1f\n", k, t[k]/n[k], p[k]/n[k]}' /tmp/rows.txt | sort >> "$OUT/summary.txt"
cp /tmp/gt.txt "$OUT/gpu_tests.txt"
head -8 "$OUT/summary.txt"
