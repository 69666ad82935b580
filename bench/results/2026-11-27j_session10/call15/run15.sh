#!/usr/bin/env bash
# Session 10, call 15: rgba8 warp_affine's aligned-stride allowance at 2.0 (T2) against 1.4 (H2, 82a591b).
# Maps whose aligned strides cost 1.7 to 2 times the best stride's wavefronts, and two controls; builds
# alternated, three rounds, 8192x8192 and 4096x4096; warp GPU tests of T2.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
w=warp_affine:variant=fast
st=""; for m in angle=5 angle=10 angle=15 angle=5:scale=2 angle=90:scale=2 angle=30 angle=0; do st="$st --stage $w:$m"; done
for round in 1 2 3; do
  for v in H2 T2; do
    for s in 8192x8192 4096x4096; do
      $b/fl_$v bench --size $s --format rgba8 $st --repeat 20 > /tmp/w_${v}_${s}_$round.txt 2>&1
    done
  done
done
cat /tmp/w_*.txt > "$OUT/bench_all.txt"
timeout 200 $b/gpu_tests_T2 --gtest_filter='*warp_affine*:*Warp*' > /tmp/gt.txt 2>&1; echo "gpu_tests rc=$?" >> "$OUT/summary.txt"
grep -E "^\[  PASSED|^\[  FAILED|SKIPPED \] [0-9]" /tmp/gt.txt >> "$OUT/summary.txt"
for v in H2 T2; do
  cat /tmp/w_${v}_*.txt | awk -v v=$v '$1=="warp_affine" {k=$(NF-5)" "$2" "v; p[k]+=$NF; n[k]++} END {for (k in p) printf "%-60s %6.1f\n", k, p[k]/n[k]}'
done | sort >> "$OUT/summary.txt"
cat "$OUT/summary.txt"
