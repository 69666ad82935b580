#!/usr/bin/env bash
# Session 10, call 7: warp_affine fast rgba8's staging in whole 16-byte chunks where the plan's stride keeps rows
# 16-byte aligned (30 and 45 degrees; the plan now prefers such a stride among equals) (R), against cc2bb08 (H).
# Builds alternated by process, three rounds, at three sizes and four maps; warp GPU tests, racecheck, memcheck.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
w=warp_affine:variant=fast
st="--stage $w --stage $w:angle=45 --stage $w:angle=0:scale=2 --stage $w:angle=135 --stage $w:angle=10"
for round in 1 2 3; do
  for v in H R; do
    for s in 8192x8192 4096x4096 1920x1080; do
      $b/fl_$v bench --size $s --format rgba8 $st --repeat 30 > /tmp/r_${v}_rgba8_${s}_$round.txt 2>&1
    done
    $b/fl_$v bench --size 8192x8192 --format gray8 --stage $w --repeat 30 > /tmp/r_${v}_gray8_8192_$round.txt 2>&1
  done
done
cat /tmp/r_*.txt > "$OUT/bench_all.txt"
timeout 200 $b/gpu_tests_R --gtest_filter='*warp_affine*:*Warp*' > /tmp/gt.txt 2>&1; echo "gpu_tests rc=$?" >> "$OUT/summary.txt"
grep -E "^\[  PASSED|^\[  FAILED|SKIPPED \] [0-9]" /tmp/gt.txt >> "$OUT/summary.txt"
timeout 150 compute-sanitizer --tool racecheck $b/gpu_tests_R --gtest_filter='*warp_affine*17x13*:*warp_affine*3x2*:*warp_affine*1023x769_b16x16*' > /tmp/rc.txt 2>&1; echo "racecheck rc=$?" >> "$OUT/summary.txt"; tail -2 /tmp/rc.txt >> "$OUT/summary.txt"
timeout 150 compute-sanitizer --tool memcheck $b/gpu_tests_R --gtest_filter='*warp_affine*17x13*:*warp_affine*3x2*:*warp_affine*1023x769_b16x16*' > /tmp/mc.txt 2>&1; echo "memcheck rc=$?" >> "$OUT/summary.txt"; tail -2 /tmp/mc.txt >> "$OUT/summary.txt"
for v in H R; do
  cat /tmp/r_${v}_*.txt | awk -v v=$v '$1=="warp_affine" {k=v" "$2" "$(NF-5)" "$(NF-4); t[k]+=$(NF-3); p[k]+=$NF; n[k]++} END {for (k in t) printf "%-75s %9.4f ms %6.1f\n", k, t[k]/n[k], p[k]/n[k]}'
done | sort -k2,4 >> "$OUT/summary.txt"
cat "$OUT/summary.txt"
