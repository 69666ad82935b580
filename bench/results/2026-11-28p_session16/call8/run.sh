#!/usr/bin/env bash
# Session 16, call 8: eacb8b4. With the steady path a strip's rows cost less, so the launch defaults tuned before it
# (rows per thread 16, blocks 32x4) may no longer be the best: the strip stencils at ppt 8, 12, 16, 24 and 32 and
# blocks 32x4 and 32x8, 8192x8192 (two rounds) and 3840x2160 (one round).
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT" /tmp/o
rm -rf .gpu/bin .gpu/tP .gpu/base; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > /tmp/o/summary.txt
start=$SECONDS
bn() { local t=$1 f=$2 s=$3; shift 3; timeout 90 .gpu/bin/filterlab bench --size $s --format $f "$@" --repeat 20 > /tmp/o/p_${t}_${f}_${s}.txt 2>&1; }
for round in 1 2 3; do
  sizes="8192x8192"; [ $round = 3 ] && sizes="3840x2160"
  for s in $sizes; do for st in gauss3 dilate3 dilate5 sobel; do
    g=""; for b in 32x4 32x8; do for p in 8 12 16 24 32; do g="$g --stage $st:variant=fast:block=$b:ppt=$p"; done; done
    bn ${st}_$round gray8 $s $g
  done
  for st in gauss3 dilate3 dilate5 box2x2; do
    g=""; for b in 32x4 32x8; do for p in 4 8 16 24; do g="$g --stage $st:variant=fast:block=$b:ppt=$p"; done; done
    bn ${st}_$round rgba8 $s $g
  done; done
done
echo "bench done at $((SECONDS-start)) s" >> /tmp/o/summary.txt
for f in /tmp/o/p_*.txt; do n=$(basename $f .txt); n=${n#p_}; awk -v n=$n '/^device/ {next} $NF ~ /^[0-9.]+$/ && NF > 8 {l=""; for (i = 3; i <= NF - 6; i++) l = l $i; print n, $1, $2, l, $(NF-3), $NF}' $f; done > /tmp/o/rows.txt
head -3 /tmp/o/p_dilate5_1_gray8_8192x8192.txt >> /tmp/o/summary.txt
cp /tmp/o/summary.txt /tmp/o/rows.txt "$OUT/"
tar czf "$OUT/logs.tar.gz" -C /tmp/o . 2>/dev/null
cat "$OUT/summary.txt"
