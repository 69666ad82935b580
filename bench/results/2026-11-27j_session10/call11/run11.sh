#!/usr/bin/env bash
# Session 10, call 11 (trial switches on 628f952, diff in call11/): FL_STRIDE_TOL=T lets rgba8 warp_affine take a
# 16-byte-aligned stride whose tap loads cost up to T times the best stride's wavefronts (whole-chunk staging);
# FL_QUARTERS=Q gives sobel's tail Q quarters of a wave instead of 2. Three rounds; warp GPU tests at T = 1.4.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
w=warp_affine:variant=fast
st=""; for m in angle=15:scale=2 angle=20 angle=30:scale=2 angle=45:scale=2 angle=75 angle=0:scale=0.7 angle=5:scale=0.7 angle=10; do st="$st --stage $w:$m"; done
for round in 1 2 3; do
  for t in 0 1.15 1.25 1.4; do
    for s in 8192x8192 4096x4096; do
      if [ $t = 0 ]; then unset FL_STRIDE_TOL; else export FL_STRIDE_TOL=$t; fi
      $b/fl_X bench --size $s --format rgba8 $st --repeat 20 > /tmp/w_${t}_${s}_$round.txt 2>&1
    done
  done
  unset FL_STRIDE_TOL
  for q in 2 1 3; do
    for s in 16384x16384 8192x8192; do
      FL_QUARTERS=$q $b/fl_X bench --size $s --format gray8 --stage sobel:variant=fast --repeat 30 > /tmp/q_${q}_${s}_$round.txt 2>&1
    done
  done
done
cat /tmp/w_*.txt /tmp/q_*.txt > "$OUT/bench_all.txt"
FL_STRIDE_TOL=1.4 timeout 200 $b/gpu_tests_X --gtest_filter='*warp_affine*:*Warp*' > /tmp/gt.txt 2>&1; echo "gpu_tests (FL_STRIDE_TOL=1.4) rc=$?" >> "$OUT/summary.txt"
grep -E "^\[  PASSED|^\[  FAILED|SKIPPED \] [0-9]" /tmp/gt.txt >> "$OUT/summary.txt"
for f in /tmp/w_*_1.txt /tmp/q_*_1.txt; do n=$(basename $f); p=${n%%_*}; t=$(echo $n | cut -d_ -f2); s=$(echo $n | cut -d_ -f3)
  cat /tmp/${p}_${t}_${s}_*.txt | awk -v k="$s $t" '/^device/ {next} $NF ~ /^[0-9.]+$/ && NF > 8 {kk=k" "$1" "$2; p[kk]+=$NF; n[kk]++} END {for (x in p) printf "%-70s %6.1f\n", x, p[x]/n[x]}'
done | sort -k3,3 -k1,1 -k2,2 >> "$OUT/summary.txt"
cat "$OUT/summary.txt"
