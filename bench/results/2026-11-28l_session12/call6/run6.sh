#!/usr/bin/env bash
# Session 12, call 6: short grids refined (trial switch FL_TRIAL_FILL=1: a grid within one wave whose strips the
# short-grid rule halved takes the rows that fill one wave, not fewer than the tail's, or FL_TRIAL_FILL_MIN) against
# HEAD's rule (unset), alternated, three rounds, eight sizes, gray8.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
g="--stage sobel:variant=fast --stage gauss3:variant=fast --stage dilate3:variant=fast --stage dilate5:variant=fast"
g="$g --stage erode5:variant=fast --stage box:variant=fast:radius=3 --stage box:variant=fast:radius=8 --stage box:variant=fast:radius=16"
for round in 1 2 3; do
  for s in 3840x2160 2560x1440 1920x1080 2048x2048 1280x720 3000x2000 4096x4096 5120x2880; do
    timeout 60 $b/filterlab bench --size $s --format gray8 $g --repeat 30 > /tmp/p_none_${s}_$round.txt 2>&1
    FL_TRIAL_FILL=1 timeout 60 $b/filterlab bench --size $s --format gray8 $g --repeat 30 > /tmp/p_fill_${s}_$round.txt 2>&1
    FL_TRIAL_FILL=1 FL_TRIAL_FILL_MIN=6 timeout 60 $b/filterlab bench --size $s --format gray8 $g --repeat 30 > /tmp/p_fill6_${s}_$round.txt 2>&1
  done
done
cat /tmp/p_*.txt | gzip -9 > "$OUT/bench_all.txt.gz"
for f in /tmp/p_*.txt; do n=$(basename $f .txt); n=${n#p_}; n=${n%_*}; awk -v n=$n '/^device/ {next} $NF ~ /^[0-9.]+$/ && NF > 8 {l=""; for (i = 3; i <= NF - 6; i++) l = l $i; print n, $1, $2, l, $(NF-3), $NF}' $f; done > "$OUT/rows.txt"
tail -3 "$OUT/summary.txt"
