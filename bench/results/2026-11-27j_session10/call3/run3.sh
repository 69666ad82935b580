#!/usr/bin/env bash
# Session 10, call 3: warp_affine fast's tile kernel staging its region by cp.async, every chunk in flight at once
# (W, on top of the gauss band table by shuffles), against 35f662e (base). Builds alternated by process, three
# rounds, gray8 and rgba8 at 8192x8192 (default launch and ppt 8 / 16, block 32x8) and at 4096x4096 and
# 1920x1080; warp GPU tests and racecheck of W.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
w=warp_affine:variant=fast
st="--stage $w --stage $w:ppt=8 --stage $w:ppt=16 --stage $w:block=32x8 --stage $w:block=32x8:ppt=8"
for round in 1 2 3; do
  for v in base W; do
    for f in gray8 rgba8; do
      $b/fl_$v bench --size 8192x8192 --format $f $st --repeat 30 > /tmp/b_${v}_${f}_8192_$round.txt 2>&1
      for s in 4096x4096 1920x1080; do
        $b/fl_$v bench --size $s --format $f --stage $w --stage $w:ppt=8 --repeat 30 > /tmp/b_${v}_${f}_${s}_$round.txt 2>&1
      done
    done
  done
done
cat /tmp/b_*.txt > "$OUT/bench_all.txt"
timeout 200 $b/gpu_tests_W --gtest_filter='*warp_affine*:*Warp*' > /tmp/gt.txt 2>&1; echo "gpu_tests rc=$?" >> "$OUT/summary.txt"
grep -E "^\[  PASSED|^\[  FAILED|SKIPPED \] [0-9]" /tmp/gt.txt >> "$OUT/summary.txt"
timeout 150 compute-sanitizer --tool racecheck $b/gpu_tests_W --gtest_filter='*warp_affine*17x13*:*warp_affine*3x2*:*warp_affine*1023x769_b16x16*' > /tmp/rc.txt 2>&1; echo "racecheck rc=$?" >> "$OUT/summary.txt"; tail -2 /tmp/rc.txt >> "$OUT/summary.txt"
timeout 150 compute-sanitizer --tool memcheck $b/gpu_tests_W --gtest_filter='*warp_affine*17x13*:*warp_affine*3x2*:*warp_affine*1023x769_b16x16*' > /tmp/mc.txt 2>&1; echo "memcheck rc=$?" >> "$OUT/summary.txt"; tail -2 /tmp/mc.txt >> "$OUT/summary.txt"
for v in base W; do for f in gray8 rgba8; do for s in 8192 4096x4096 1920x1080; do
  cat /tmp/b_${v}_${f}_${s}_*.txt | awk -v k="$v $f $s" '$1=="warp_affine" {l=""; for (i = 4; i <= NF - 6; i++) l = l $i; t[l]+=$(NF-3); p[l]+=$NF; n[l]++} END {for (l in t) printf "%-26s %-28s %8.4f ms %6.1f\n", k, l, t[l]/n[l], p[l]/n[l]}'
done; done; done | sort >> "$OUT/summary.txt"
cat "$OUT/summary.txt"
