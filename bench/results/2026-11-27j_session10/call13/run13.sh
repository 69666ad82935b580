#!/usr/bin/env bash
# Session 10, call 13: gauss tensor's staged kernel compiled for 4 blocks per SM up to 4 k blocks, 3 for 5 (F), against
# 4ca431e (H, call 12's build, rgba8 radius 3..4 at 72 registers) and 35f662e (base). Builds alternated, three rounds;
# tensor GPU tests and racecheck of F.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
c=""; for r in 2 4 6 8; do c="$c --stage gauss:variant=tensor:radius=$r:sigma=2"; done
for round in 1 2 3; do
  for v in base H F; do
    $b/fl_$v bench --size 8192x8192 --format rgba8 $c --repeat 30 > /tmp/t_${v}_c_$round.txt 2>&1
    $b/fl_$v bench --size 8192x8192 --format gray8 $c --repeat 30 > /tmp/t_${v}_g_$round.txt 2>&1
  done
done
cat /tmp/t_*.txt > "$OUT/bench_all.txt"
timeout 150 $b/gpu_tests_F --gtest_filter='*gauss_tensor*' > /tmp/gt.txt 2>&1; echo "gpu_tests rc=$?" >> "$OUT/summary.txt"
grep -E "^\[  PASSED|^\[  FAILED|SKIPPED \] [0-9]" /tmp/gt.txt >> "$OUT/summary.txt"
timeout 100 compute-sanitizer --tool racecheck $b/gpu_tests_F --gtest_filter='*gauss_tensor*17x13*:*gauss_tensor*3x2*' > /tmp/rc.txt 2>&1; echo "racecheck rc=$?" >> "$OUT/summary.txt"; tail -2 /tmp/rc.txt >> "$OUT/summary.txt"
for f in c g; do for v in base H F; do cat /tmp/t_${v}_${f}_*.txt | awk -v v=$v -v f=$f '$1=="gauss" {k=f" "$2; s[k]+=$NF; n[k]++} END {for (k in s) printf "%s %-5s %6.1f\n", k, v, s[k]/n[k]}'; done; done | sort >> "$OUT/summary.txt"
cat "$OUT/summary.txt"
