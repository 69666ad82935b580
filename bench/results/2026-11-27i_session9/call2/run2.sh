#!/usr/bin/env bash
# Session 9, call 2: box fast's division on the multiply pipe (A: both lane means from byte 2 of a multiply-high)
# and, on top, own warps fetching rows by address with a predicated edge cp.async, capped at 64 registers up to
# radius 4 (AC64), against 17fbca2 (base). Builds alternated by process, three rounds; box GPU tests of AC64.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
st=""; for r in 1 2 3 4 5 6 7 8 16; do st="$st --stage box:variant=fast:radius=$r"; done
for round in 1 2 3; do
  for v in base A AC64; do
    $b/fl_$v bench --size 8192x8192 --format gray8 $st --repeat 30 > /tmp/b_${v}_$round.txt 2>&1
  done
done
cat /tmp/b_*_*.txt > "$OUT/bench_all.txt"
timeout 300 $b/gpu_tests --gtest_filter='*Box*:*box*' > /tmp/gt.txt 2>&1; echo "gpu_tests rc=$?" >> "$OUT/summary.txt"
tail -3 /tmp/gt.txt >> "$OUT/summary.txt"; grep -E "FAILED|SKIPPED" /tmp/gt.txt | head -5 >> "$OUT/summary.txt"
timeout 120 compute-sanitizer --tool racecheck $b/gpu_tests --gtest_filter='*BothTiersMatchTheOracle/box_r*' > /tmp/rc.txt 2>&1; echo "racecheck rc=$?" >> "$OUT/summary.txt"; tail -2 /tmp/rc.txt >> "$OUT/summary.txt"
{ printf "%-8s" radius; for v in base A AC64; do printf "%9s" $v; done; echo
for r in 1 2 3 4 5 6 7 8 16; do printf "%-8s" r$r; for v in base A AC64; do
  cat /tmp/b_${v}_*.txt | awk -v r="radius=$r " 'index($0, "box " r) == 1 {s += $NF; n++} END {printf "%9.1f", s / n}'
done; echo; done; } >> "$OUT/summary.txt"
cat "$OUT/summary.txt"
