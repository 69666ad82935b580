#!/usr/bin/env bash
# Session 10, call 8: the strip grids' tail tier by FL_TAIL=F:D (a trial switch on c2c0b9f: the tail covers F
# waves' rows in strips of rows / D; 0 = equal strips), for sobel at 16, 24 and 32 rows and the other strip
# stencils at their defaults, 8192x8192 and 4096x4096, two rounds.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
st="--stage sobel:variant=fast --stage sobel:variant=fast:ppt=24 --stage sobel:variant=fast:ppt=32"
st="$st --stage gauss3:variant=fast --stage dilate3:variant=fast --stage dilate5:variant=fast"
st="$st --stage box:variant=fast:radius=3 --stage box:variant=fast:radius=8 --stage box:variant=fast:radius=16"
for round in 1 2; do
  for t in def 0:4 0.5:4 0.75:4 1:4 1.5:4 0.5:2 1:2 2:4; do
    for s in 8192x8192 4096x4096; do
      if [ $t = def ]; then unset FL_TAIL; else export FL_TAIL=$t; fi
      $b/fl_T bench --size $s --format gray8 $st --repeat 30 > /tmp/t_${t}_${s}_$round.txt 2>&1
    done
  done
done
unset FL_TAIL
cat /tmp/t_*.txt > "$OUT/bench_all.txt"
for f in /tmp/t_*_1.txt; do t=$(basename $f | cut -d_ -f2); s=$(basename $f | cut -d_ -f3)
  cat /tmp/t_${t}_${s}_*.txt | awk -v k="$s $t" '/^device/ {next} $NF ~ /^[0-9.]+$/ && NF > 8 {l=""; for (i = 4; i <= NF - 6; i++) l = l $i; kk=k" "$1" "$2" "l; p[kk]+=$NF; n[kk]++} END {for (x in p) printf "%-70s %6.1f\n", x, p[x]/n[x]}'
done | sort > /tmp/tab.txt
cat /tmp/tab.txt >> "$OUT/summary.txt"
cat "$OUT/summary.txt"
