#!/usr/bin/env bash
# Session 11, call 7: box fast radius 5..16 with longer strips on grids of many waves (trial switch FL_TRIAL_LONG = q:
# double the rows while the doubled grid still spans q quarters of a wave; 0 = as now), seven sizes, three rounds.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
st=""; for r in 5 6 8 10 12 16; do st="$st --stage box:variant=fast:radius=$r"; done
for round in 1 2 3; do
  for s in 8192x8192 16384x16384 4096x4096 3840x2160 2560x1440 2048x2048 1920x1080; do
    for q in 0 5 6 8; do
      FL_TRIAL_LONG=$q timeout 60 $b/fl_L bench --size $s --format gray8 $st --repeat 30 > /tmp/p_Q${q}_g_${s}_$round.txt 2>&1
    done
  done
done
cat /tmp/p_*.txt > "$OUT/bench_all.txt"
for f in /tmp/p_*.txt; do n=$(basename $f .txt); n=${n#p_}; n=${n%_*}; awk -v n=$n '/^device/ {next} $NF ~ /^[0-9.]+$/ && NF > 8 {l=""; for (i = 3; i <= NF - 6; i++) l = l $i; print n, $1, $2, $(NF-5), $(NF-4), l, $(NF-3), $NF}' $f; done > /tmp/rows.txt
cp /tmp/rows.txt "$OUT/rows.txt"
head -3 /tmp/rows.txt
