#!/usr/bin/env bash
# Session 9, call 5: gauss tensor's staged kernel with persistent blocks whose ring runs on from one tile into the
# next (GP), against 3b6555c (base): builds alternated by process, three rounds, gray8 radius 1..8 and rgba8
# radius 2, 4, 8; the tensor GPU tests and racecheck of GP.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
timeout 200 $b/gpu_tests --gtest_filter='*gauss*tensor*:*Gauss*Tensor*:*gauss_r*' > /tmp/gt.txt 2>&1; echo "gpu_tests rc=$?" >> "$OUT/summary.txt"
grep -E "^\[  (PASSED|FAILED)" /tmp/gt.txt | head -8 >> "$OUT/summary.txt"
timeout 200 compute-sanitizer --tool racecheck $b/gpu_tests --gtest_filter='*gauss_tensor*17x13*:*gauss_tensor_gray8_1023x769_b32x8_ppt16*:*gauss_tensor_gray8_4096*' > /tmp/rc.txt 2>&1; echo "racecheck rc=$?" >> "$OUT/summary.txt"; tail -2 /tmp/rc.txt >> "$OUT/summary.txt"
g=""; for r in 1 2 4 6 8; do g="$g --stage gauss:variant=tensor:radius=$r"; done
c=""; for r in 2 4 8; do c="$c --stage gauss:variant=tensor:radius=$r"; done
for round in 1 2 3; do for v in base GP; do
  $b/fl_$v bench --size 8192x8192 --format gray8 $g --repeat 30 > /tmp/g_${v}_$round.txt 2>&1
  $b/fl_$v bench --size 8192x8192 --format rgba8 $c --repeat 30 > /tmp/c_${v}_$round.txt 2>&1
done; done
cat /tmp/g_*.txt /tmp/c_*.txt > "$OUT/bench_all.txt"
for f in g c; do for r in 1 2 4 6 8; do
  line="$f r$r"; for v in base GP; do
    line="$line $(cat /tmp/${f}_${v}_*.txt | awk -v p="gauss radius=$r:" 'index($0, p) == 1 {s += $NF; n++} END {if (n) printf "%.1f", s / n; else printf "-"}')"
  done; echo "$line" >> "$OUT/summary.txt"
done; done
cat "$OUT/summary.txt"
