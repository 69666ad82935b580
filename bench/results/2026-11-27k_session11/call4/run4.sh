#!/usr/bin/env bash
# Session 11, call 4: (1) gauss tensor's tail rules against the base B (8a7e020): K {half as long, half a wave,
# halve below a third}, K2 {a quarter as long, half a wave, halve below half}, K3 {half, half a wave, below half};
# six sizes, three rounds, builds alternated. (2) The strip stencils' short-grid share (trial switch FL_TRIAL_SHARE
# = 3 (as now), 2 or 1 in fl_S, which is K3 plus the switch) at six sizes, three rounds.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
g="--stage gauss:variant=tensor:radius=2 --stage gauss:variant=tensor:radius=4 --stage gauss:variant=tensor:radius=8"
c="--stage gauss:variant=tensor:radius=4 --stage gauss:variant=tensor:radius=8"
sg="--stage sobel:variant=fast --stage gauss3:variant=fast --stage dilate3:variant=fast --stage dilate5:variant=fast --stage erode5:variant=fast"
sc="--stage gauss3:variant=fast --stage dilate3:variant=fast --stage dilate5:variant=fast"
for round in 1 2 3; do
  for s in 3840x2160 1920x1080 2048x2048 4096x4096 8192x8192 16384x16384; do
    for v in B K K2 K3; do
      timeout 60 $b/fl_$v bench --size $s --format gray8 $g --repeat 30 > /tmp/p_${v}_g_${s}_$round.txt 2>&1
      [ $s != 16384x16384 ] && timeout 60 $b/fl_$v bench --size $s --format rgba8 $c --repeat 30 > /tmp/p_${v}_c_${s}_$round.txt 2>&1
    done
  done
  for s in 3840x2160 1920x1080 2560x1440 2048x2048 4096x4096 8192x8192; do
    for sh in 3 2 1; do
      FL_TRIAL_SHARE=$sh timeout 60 $b/fl_S bench --size $s --format gray8 $sg --repeat 30 > /tmp/p_S${sh}_g_${s}_$round.txt 2>&1
      FL_TRIAL_SHARE=$sh timeout 60 $b/fl_S bench --size $s --format rgba8 $sc --repeat 30 > /tmp/p_S${sh}_c_${s}_$round.txt 2>&1
    done
  done
done
cat /tmp/p_*.txt > "$OUT/bench_all.txt"
for f in /tmp/p_*.txt; do n=$(basename $f .txt); n=${n#p_}; n=${n%_*}; awk -v n=$n '/^device/ {next} $NF ~ /^[0-9.]+$/ && NF > 8 {l=""; for (i = 3; i <= NF - 6; i++) l = l $i; print n, $1, $2, $(NF-5), $(NF-4), l, $(NF-3), $NF}' $f; done > /tmp/rows.txt
awk '{k=$1" "$2" "$3" "$4" "$5; t[k]+=$7; p[k]+=$8; n[k]++} END {for (k in t) printf "%-75s %9.4f ms %6.1f\n", k, t[k]/n[k], p[k]/n[k]}' /tmp/rows.txt | sort >> "$OUT/summary.txt"
head -4 "$OUT/summary.txt"
