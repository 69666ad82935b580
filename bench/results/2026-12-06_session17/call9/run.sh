#!/usr/bin/env bash
# Session 17, call 9: 534dac4 (bin) against 2feee74 (prev) at more frame sizes, two rounds alternated: gray8 rows
# that end inside a block (1280x720: 2.5 blocks of 512 bytes, 1920x1080, 3840x2160) and whole blocks (2560x1440,
# 7680x4320), and rgba8 at 1280x720 (5120 bytes: 10 blocks) and 3840x2160.
set -u
: "${OUT:=/tmp/out}"; rm -rf /tmp/o; mkdir -p "$OUT" /tmp/o
rm -rf .gpu/bin .gpu/prev; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > /tmp/o/summary.txt
start=$SECONDS
bn() { local t=$1 x=$2 f=$3 s=$4; shift 4; timeout 60 $x bench --size $s --format $f "$@" --repeat 20 > /tmp/o/p_${t}_${f}_${s}.txt 2>&1; }
g="--stage gauss3:variant=fast --stage dilate3:variant=fast --stage dilate5:variant=fast --stage sobel:variant=fast --stage box2x2:variant=fast --stage box:variant=fast:radius=3"
c="--stage gauss3:variant=fast --stage dilate5:variant=fast --stage box:variant=fast:radius=3"
for round in 1 2; do for v in prev bin; do
  for s in 1280x720 1920x1080 3840x2160 2560x1440 7680x4320; do bn ${v}_$round .gpu/$v/filterlab gray8 $s $g; done
  for s in 1280x720 3840x2160; do bn ${v}_$round .gpu/$v/filterlab rgba8 $s $c; done
done; done
echo "bench done at $((SECONDS-start)) s" >> /tmp/o/summary.txt
for f in /tmp/o/p_*.txt; do n=$(basename $f .txt); n=${n#p_}; awk -v n=$n '/^device/ {next} $NF ~ /^[0-9.]+$/ && NF > 8 {l=""; for (i = 3; i <= NF - 6; i++) l = l $i; print n, $1, $2, l, $(NF-3), $NF}' $f; done > /tmp/o/rows.txt
awk '{split($1, t, "_"); k = t[3] " " t[4] " " $2; key[k] = 1; s[t[1] " " k] += $NF; m[t[1] " " k] += $(NF-1); n[t[1] " " k]++}
     END {for (k in key) printf "%-28s prev %7.4f ms %6.1f%%  bin %7.4f ms %6.1f%%\n", k, m["prev " k] / n["prev " k], s["prev " k] / n["prev " k], m["bin " k] / n["bin " k], s["bin " k] / n["bin " k]}' /tmp/o/rows.txt | sort >> /tmp/o/summary.txt
cp /tmp/o/summary.txt /tmp/o/rows.txt "$OUT/"
cat "$OUT/summary.txt"
