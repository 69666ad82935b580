#!/usr/bin/env bash
# Session 9, call 9: N = 3b6555c with a grid within one wave kept in it, its strips halved only while under a
# third of a wave (core/strip_tiers.hpp), and box fast's rows (32 at radius 3..4, tails a quarter), against
# 3b6555c (base), at 1920x1080 and 2048, 4096, 8192, 16384 squared:
# every strip stencil whose grid the rule can change. Builds alternated by process, three rounds. GPU tests of
# the strip stencils and their tiers (N).
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
timeout 240 $b/gpu_tests --gtest_filter='*BothTiers*:*box*:*Box*:*gauss3*:*dilate*:*erode*:*obel*:*StripTiers*' > /tmp/gt.txt 2>&1; echo "gpu_tests rc=$?" >> "$OUT/summary.txt"
grep -E "^\[  (PASSED|FAILED)" /tmp/gt.txt | head -5 >> "$OUT/summary.txt"
st="--stage sobel:variant=fast --stage gauss3:variant=fast --stage dilate3:variant=fast --stage dilate5:variant=fast"
for r in 1 2 3 4 5 6 7 8 16; do st="$st --stage box:variant=fast:radius=$r"; done
for round in 1 2 3; do for n in 1920x1080 2048 4096 8192 16384; do for v in base N; do
  $b/fl_$v bench --size $(case $n in *x*) echo $n;; *) echo ${n}x${n};; esac) --format gray8 $st --repeat 30 > /tmp/b_${v}_${n}_$round.txt 2>&1
done; done; done
cat /tmp/b_*.txt | gzip -9 > "$OUT/bench_all.txt.gz"
echo "size stage base N (mean % of copy, three rounds)" >> "$OUT/summary.txt"
for n in 1920x1080 2048 4096 8192 16384; do
  awk -v n=$n '$1 ~ /^(box|sobel|gauss3|dilate3|dilate5)$/ {v = (FILENAME ~ /b_base_/) ? "base" : "N"; k = $1 " " $2; s[k, v] += $NF; c[k, v]++; keys[k] = 1} END {for (k in keys) printf "%s %s %.1f %.1f\n", n, k, s[k, "base"] / c[k, "base"], s[k, "N"] / c[k, "N"]}' /tmp/b_*_${n}_*.txt | sort -k2,2 -k3,3V
done >> "$OUT/summary.txt"
cat "$OUT/summary.txt"
