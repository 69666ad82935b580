#!/usr/bin/env bash
# Session 11, call 6 (f6277a9 as built, fl_F): sobel's rows per thread (16 as now, 20, 24, 32) now that short grids
# halve their strips below half a wave, at seven sizes; gauss tensor's rows at 8192 and 16384; three rounds.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
st=""; for p in 16 20 24 28 32; do st="$st --stage sobel:variant=fast:ppt=$p"; done
gt=""; for p in 96 128 160 192 256; do gt="$gt --stage gauss:variant=tensor:radius=4:ppt=$p"; done
for round in 1 2 3; do
  for s in 8192x8192 3840x2160 1920x1080 2560x1440 2048x2048 4096x4096 16384x16384; do
    timeout 60 $b/fl_F bench --size $s --format gray8 $st --repeat 30 > /tmp/p_S_g_${s}_$round.txt 2>&1
  done
  for s in 8192x8192 16384x16384; do
    timeout 60 $b/fl_F bench --size $s --format gray8 $gt --repeat 30 > /tmp/p_T_g_${s}_$round.txt 2>&1
  done
done
cat /tmp/p_*.txt > "$OUT/bench_all.txt"
for f in /tmp/p_*.txt; do n=$(basename $f .txt); n=${n#p_}; n=${n%_*}; awk -v n=$n '/^device/ {next} $NF ~ /^[0-9.]+$/ && NF > 8 {l=""; for (i = 3; i <= NF - 6; i++) l = l $i; print n, $1, $2, $(NF-5), $(NF-4), l, $(NF-3), $NF}' $f; done > /tmp/rows.txt
cp /tmp/rows.txt "$OUT/rows.txt"
awk '{k=$1" "$2" "$4" "$6; t[k]+=$7; p[k]+=$8; n[k]++} END {for (k in t) printf "%-75s %9.4f ms %6.1f\n", k, t[k]/n[k], p[k]/n[k]}' /tmp/rows.txt | sort >> "$OUT/summary.txt"
head -3 "$OUT/summary.txt"
