#!/usr/bin/env bash
# Session 11, call 5: the candidate F (gauss tensor tails {half as long, half a wave, short grids halved below half
# a wave down to 16 rows}, the kernel placing strips by a select; sobel and 5x5 morphology halving short grids below
# half a wave) - its GPU tests of tensor and the strip stencils, racecheck and memcheck; F against the base B
# (8a7e020) alternated, three rounds, seven sizes.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
timeout 250 $b/gpu_tests_F --gtest_filter='*gauss_tensor*:*StripTail*:*sobel*:*dilate*:*erode*:*gauss3*:*Tiers*' > /tmp/gt.txt 2>&1
echo "gpu_tests rc=$? $(grep -E '^\[  (PASSED|FAILED)|tests from .* ran' /tmp/gt.txt | tr '\n' ' ')" >> "$OUT/summary.txt"
grep -E "^\[  FAILED" /tmp/gt.txt >> "$OUT/summary.txt"
f='*gauss_tensor_*_1023x769_b32x8_ppt128_*:*gauss_tensor_*_17x13_b32x8_ppt128_*:*sobel_fast_gray8_1023x769*:*dilate5_fast_*_1023x769*'
for tool in racecheck memcheck; do
  timeout 150 compute-sanitizer --tool $tool $b/gpu_tests_F --gtest_filter="$f" > /tmp/san_$tool.txt 2>&1
  echo "$tool rc=$? $(grep -E 'PASSED|SUMMARY' /tmp/san_$tool.txt | tr '\n' ' ')" >> "$OUT/summary.txt"
done
g="--stage gauss:variant=tensor:radius=2 --stage gauss:variant=tensor:radius=4 --stage gauss:variant=tensor:radius=8 --stage sobel:variant=fast --stage gauss3:variant=fast --stage dilate3:variant=fast --stage dilate5:variant=fast --stage erode5:variant=fast"
c="--stage gauss:variant=tensor:radius=4 --stage gauss:variant=tensor:radius=8 --stage gauss3:variant=fast --stage dilate3:variant=fast --stage dilate5:variant=fast"
for round in 1 2 3; do
  for s in 3840x2160 1920x1080 2560x1440 2048x2048 4096x4096 8192x8192 16384x16384; do
    for v in B F; do
      timeout 60 $b/fl_$v bench --size $s --format gray8 $g --repeat 30 > /tmp/p_${v}_g_${s}_$round.txt 2>&1
      [ $s != 16384x16384 ] && timeout 60 $b/fl_$v bench --size $s --format rgba8 $c --repeat 30 > /tmp/p_${v}_c_${s}_$round.txt 2>&1
    done
  done
done
cat /tmp/p_*.txt > "$OUT/bench_all.txt"
for f in /tmp/p_*.txt; do n=$(basename $f .txt); n=${n#p_}; n=${n%_*}; awk -v n=$n '/^device/ {next} $NF ~ /^[0-9.]+$/ && NF > 8 {l=""; for (i = 3; i <= NF - 6; i++) l = l $i; print n, $1, $2, $(NF-5), $(NF-4), l, $(NF-3), $NF}' $f; done > /tmp/rows.txt
awk '{k=$1" "$2" "$3" "$4" "$5; t[k]+=$7; p[k]+=$8; n[k]++} END {for (k in t) printf "%-75s %9.4f ms %6.1f\n", k, t[k]/n[k], p[k]/n[k]}' /tmp/rows.txt | sort >> "$OUT/summary.txt"
cp /tmp/gt.txt "$OUT/gpu_tests.txt"
head -6 "$OUT/summary.txt"
