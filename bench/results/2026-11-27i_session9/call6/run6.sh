#!/usr/bin/env bash
# Session 9, call 6: box fast trial W on 3b6555c (base): radius 5 primed with every ring slot in flight, and the
# wide horizontal sum (radius 8..16) taking its lanes on the multiply pipe with output 8's sum by a tree. Builds
# alternated by process, three rounds, rows per thread varied at radius 5..7; sobel at ppt 16 and 32 (base);
# box GPU tests and racecheck of W; ncu SASS of W at radius 8.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
timeout 200 $b/gpu_tests --gtest_filter='*box*:*Box*' > /tmp/gt.txt 2>&1; echo "gpu_tests rc=$?" >> "$OUT/summary.txt"
grep -E "^\[  (PASSED|FAILED)" /tmp/gt.txt | head -5 >> "$OUT/summary.txt"
timeout 150 compute-sanitizer --tool racecheck $b/gpu_tests --gtest_filter='*BothTiersMatchTheOracle/box_r*' > /tmp/rc.txt 2>&1; echo "racecheck rc=$?" >> "$OUT/summary.txt"; tail -1 /tmp/rc.txt >> "$OUT/summary.txt"
st=""
for p in 10 12 16; do st="$st --stage box:variant=fast:radius=5:ppt=$p"; done
for r in 6 7; do for p in 12 16; do st="$st --stage box:variant=fast:radius=$r:ppt=$p"; done; done
for r in 8 10 12 16; do st="$st --stage box:variant=fast:radius=$r"; done
for round in 1 2 3; do
  for v in base W; do $b/fl_$v bench --size 8192x8192 --format gray8 $st --repeat 30 > /tmp/b_${v}_$round.txt 2>&1; done
  $b/fl_base bench --size 8192x8192 --format gray8 --stage sobel:variant=fast:ppt=16 --stage sobel:variant=fast:ppt=32 --repeat 30 > /tmp/s_$round.txt 2>&1
done
cat /tmp/b_*.txt /tmp/s_*.txt > "$OUT/bench_all.txt"
timeout 100 ncu --clock-control none --set full --import-source no --page source --print-source sass -k "regex:BoxFast" -c 1 $b/fl_W bench --size 8192x8192 --format gray8 --stage box:variant=fast:radius=8 --repeat 1 --warmup 0 > /tmp/sass.txt 2>&1
echo "ncu rc=$?" >> "$OUT/summary.txt"; gzip -9c /tmp/sass.txt > "$OUT/box8_W_sass.txt.gz"
echo "stage base W (mean % of copy, three rounds)" >> "$OUT/summary.txt"
for v in base W; do cat /tmp/b_${v}_*.txt | awk -v v=$v '$1 == "box" {k = $2 " ppt " $7; s[k] += $NF; n[k]++} END {for (k in s) printf "%s %s %.1f\n", k, v, s[k] / n[k]}'; done | sort >> "$OUT/summary.txt"
cat /tmp/s_*.txt | grep "^sobel" | awk '{for (i = 1; i <= NF; ++i) if ($i == "ppt") p = $(i + 1); s[p] += $NF; n[p]++} END {for (k in s) printf "sobel ppt %s %.1f\n", k, s[k] / n[k]}' >> "$OUT/summary.txt"
cat "$OUT/summary.txt"
