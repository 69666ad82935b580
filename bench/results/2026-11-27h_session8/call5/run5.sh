#!/usr/bin/env bash
# Session 8, call 5 (the call-3 trial binary): rows per thread for box fast at radius 3..7 with and without the
# priming with every slot in flight (FL_BOXPRIME 0 / 1), and at 12..16 with the retained ring (0 / 2), 3 rounds.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
lo=""; hi=""
for r in 3 4 5 6 7; do for p in 8 12 16 24; do lo="$lo --stage box:variant=fast:radius=$r:ppt=$p"; done; done
for r in 12 13 14 16; do for p in 16 24 32 48; do hi="$hi --stage box:variant=fast:radius=$r:ppt=$p"; done; done
echo "lo: $lo" >> "$OUT/summary.txt"; echo "hi: $hi" >> "$OUT/summary.txt"
for round in 1 2 3; do
  for mode in 0 1 2; do
    if [ $mode = 0 ]; then unset FL_BOXPRIME; else export FL_BOXPRIME=$mode; fi
    st=$lo; [ $mode = 2 ] && st=$hi; [ $mode = 0 ] && st="$lo $hi"
    $b/filterlab bench --size 8192x8192 --format gray8 $st --repeat 30 > "$OUT/bench_${mode}_$round.txt" 2>&1
    echo "mode$mode r$round $(grep -E '^box' "$OUT/bench_${mode}_$round.txt" | awk '{printf "%s ", $NF}')" >> "$OUT/summary.txt"
  done
done
cat "$OUT/summary.txt"
