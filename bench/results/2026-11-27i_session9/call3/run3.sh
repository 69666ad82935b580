#!/usr/bin/env bash
# Session 9, call 3: two trials on c7af897 (base), builds alternated by process, three rounds: sobel's sums in
# packed half precision (SH), box fast's overlapping warps fetching rows by address (O). GPU tests of both
# (one build with both), racecheck; ncu of SH's sobel (instructions, pipes, its conversions in SASS).
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
st="--stage sobel:variant=fast"; for r in 3 5 6 7 8 10 12 16; do st="$st --stage box:variant=fast:radius=$r"; done
for round in 1 2 3; do
  for v in base SH O; do
    $b/fl_$v bench --size 8192x8192 --format gray8 $st --repeat 30 > /tmp/b_${v}_$round.txt 2>&1
  done
done
cat /tmp/b_*_*.txt > "$OUT/bench_all.txt"
timeout 300 $b/gpu_tests --gtest_filter='*obel*:*box*:*Box*' > /tmp/gt.txt 2>&1; echo "gpu_tests rc=$?" >> "$OUT/summary.txt"
grep -E "^\[  (PASSED|FAILED)" /tmp/gt.txt | head -5 >> "$OUT/summary.txt"; grep -E "^\[  FAILED" /tmp/gt.txt | head -5 >> "$OUT/summary.txt"
timeout 150 compute-sanitizer --tool racecheck $b/gpu_tests --gtest_filter='*BothTiersMatchTheOracle/box_r*:*BothTiersMatchTheOracle/sobel*' > /tmp/rc.txt 2>&1; echo "racecheck rc=$?" >> "$OUT/summary.txt"; tail -1 /tmp/rc.txt >> "$OUT/summary.txt"
timeout 100 ncu --clock-control none --set full --import-source no --page source --print-source sass -k "regex:StripKernel" -c 1 $b/fl_SH bench --size 8192x8192 --format gray8 --stage sobel:variant=fast --repeat 1 --warmup 0 > /tmp/sass.txt 2>&1
echo "ncu rc=$?" >> "$OUT/summary.txt"; gzip -9c /tmp/sass.txt > "$OUT/sobel_half_sass.txt.gz"
timeout 60 ncu --clock-control none --metrics smsp__inst_executed.sum,regex:sm__inst_executed_pipe_.*.avg.pct_of_peak_sustained_active,smsp__issue_active.avg.per_cycle_active -k "regex:StripKernel" -c 1 $b/fl_SH bench --size 8192x8192 --format gray8 --stage sobel:variant=fast --repeat 1 --warmup 0 2>&1 | grep -E "inst_executed.sum|pipe_(alu|fma|fmaheavy|fmalite|xu|fp16)\.avg|issue_active" >> "$OUT/summary.txt"
{ printf "%-10s" stage; for v in base SH O; do printf "%9s" $v; done; echo
for s in "sobel " "box radius=3 " "box radius=5 " "box radius=6 " "box radius=7 " "box radius=8 " "box radius=10 " "box radius=12 " "box radius=16 "; do printf "%-10s" "$(echo $s | sed 's/box radius=/r/')"; for v in base SH O; do
  cat /tmp/b_${v}_*.txt | awk -v p="$s" 'index($0, p) == 1 {s += $NF; n++} END {printf "%9.1f", s / n}'
done; echo; done; } >> "$OUT/summary.txt"
cat "$OUT/summary.txt"
