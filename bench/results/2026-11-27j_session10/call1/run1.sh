#!/usr/bin/env bash
# Session 10, call 1: gauss tensor's band table built by shuffles (A: each warp one fragment, the weights spread
# over the lanes, built while the first slots are fetched) and, on top, the row pass's first mma reading its bias
# from shared registers (AB), against 35f662e (base). Builds alternated by process, three rounds; tensor GPU
# tests of AB; ncu SASS page of AB's gray8 radius 4.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
st=""; for r in 1 2 4 6 8; do st="$st --stage gauss:variant=tensor:radius=$r:sigma=2"; done
for round in 1 2 3; do
  for v in base A AB; do
    $b/fl_$v bench --size 8192x8192 --format gray8 $st --repeat 30 > /tmp/b_${v}_g_$round.txt 2>&1
    $b/fl_$v bench --size 8192x8192 --format rgba8 --stage gauss:variant=tensor:radius=4:sigma=2 \
      --stage gauss:variant=tensor:radius=8:sigma=4 --repeat 30 > /tmp/b_${v}_c_$round.txt 2>&1
  done
done
cat /tmp/b_*.txt > "$OUT/bench_all.txt"
timeout 200 $b/gpu_tests_AB --gtest_filter='*gauss_tensor*' > /tmp/gt.txt 2>&1; echo "gpu_tests rc=$?" >> "$OUT/summary.txt"
tail -3 /tmp/gt.txt >> "$OUT/summary.txt"; grep -E "FAILED" /tmp/gt.txt | head -5 >> "$OUT/summary.txt"
timeout 100 compute-sanitizer --tool racecheck $b/gpu_tests_AB --gtest_filter='*gauss_tensor*17x13*:*gauss_tensor*3x2*' > /tmp/rc.txt 2>&1; echo "racecheck rc=$?" >> "$OUT/summary.txt"; tail -2 /tmp/rc.txt >> "$OUT/summary.txt"
for v in base AB; do
timeout 100 ncu --clock-control none --import-source no --page source --print-source sass -k "regex:GaussTensor" -c 1 \
  $b/fl_$v bench --size 8192x8192 --format gray8 --stage gauss:variant=tensor:radius=4:sigma=2 --repeat 1 --warmup 0 > /tmp/sass_$v.txt 2>&1
echo "ncu $v rc=$?" >> "$OUT/summary.txt"; gzip -9c /tmp/sass_$v.txt > "$OUT/sass_$v.txt.gz"
done
{ for f in g c; do for v in base A AB; do cat /tmp/b_${v}_${f}_*.txt | awk -v v=$v -v f=$f '$1=="gauss" {k=f" "$2; s[k]+=$NF; n[k]++} END {for (k in s) printf "%s %-5s %6.1f\n", k, v, s[k]/n[k]}'; done; done; } | sort >> "$OUT/summary.txt"
cat "$OUT/summary.txt"
