#!/usr/bin/env bash
# Session 9, call 14: sobel's two loop-shape choices measured again with the halves (trials on a615d89): the ring
# of rows off (noring: 80 registers, no spill, against 32 bytes spilled) and the lean prefetch ring off (nolean),
# against a615d89 (base), at 8192x8192 and 4096x4096, processes alternated, three rounds.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
for round in 1 2 3; do for n in 4096 8192; do for v in base noring nolean; do
  $b/fl_$v bench --size ${n}x${n} --format gray8 --stage sobel:variant=fast --repeat 30 > /tmp/b_${v}_${n}_$round.txt 2>&1
done; done; done
cat /tmp/b_*.txt | gzip -9 > "$OUT/bench_all.txt.gz"
for n in 4096 8192; do for v in base noring nolean; do
  echo "$n $v $(cat /tmp/b_${v}_${n}_*.txt | awk '$1 == "sobel" {s += $NF; c++; printf "%s ", $NF} END {printf "mean %.1f", s / c}')"
done; done >> "$OUT/summary.txt"
cat "$OUT/summary.txt"
