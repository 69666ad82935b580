#!/usr/bin/env bash
# Session 12, call 1: grid rules by trial switch FL_TRIAL_ALIGN (one binary; unset = HEAD's rules):
#   S = multi-wave grids stretch their main strips to fill whole waves; T = trim main bands to whole waves;
#   F = grids within one wave take the rows that fill it (FL_TRIAL_FILL_MIN, default 8). Three rounds, 7 sizes.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
$b/filterlab bench --size 64x64 --format gray8 --stage invert:variant=vec4 --repeat 1 2>&1 | grep commit >> "$OUT/summary.txt"
g="--stage sobel:variant=fast --stage gauss3:variant=fast --stage dilate3:variant=fast --stage dilate5:variant=fast"
g="$g --stage box:variant=fast:radius=3 --stage box:variant=fast:radius=8 --stage box:variant=fast:radius=16"
t="--stage gauss:variant=tensor:radius=4"
run() {  # name config size stages...
  local n=$1 cfg=$2 s=$3; shift 3
  FL_TRIAL_ALIGN=$cfg timeout 60 $b/filterlab bench --size $s --format gray8 "$@" --repeat 30 > /tmp/p_${n}_${s}_$round.txt 2>&1
}
for round in 1 2 3; do
  for s in 8192x8192 4096x4096 16384x16384 3840x2160 2048x2048 1920x1080; do
    for cfg in none S T F; do run "$cfg" $cfg $s $g; done
    FL_TRIAL_FILL_MIN=6 run F6 F $s $g
    for cfg in none S T; do FL_TRIAL_ALIGN_Q=16 FL_TRIAL_FILL_MIN=16 run "tensor$cfg" $cfg $s $t; done
  done
done
cat /tmp/p_*.txt | gzip -9 > "$OUT/bench_all.txt.gz"
for f in /tmp/p_*.txt; do n=$(basename $f .txt); n=${n#p_}; n=${n%_*}; awk -v n=$n '/^device/ {next} $NF ~ /^[0-9.]+$/ && NF > 8 {l=""; for (i = 3; i <= NF - 6; i++) l = l $i; print n, $1, $2, l, $(NF-3), $NF}' $f; done > "$OUT/rows.txt"
awk '{k=$1" "$2" "$3; p[k]=p[k]" "$6} END {for (k in p) print k, p[k]}' "$OUT/rows.txt" | sort >> "$OUT/summary.txt"
tail -5 "$OUT/summary.txt"
