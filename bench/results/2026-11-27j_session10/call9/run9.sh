#!/usr/bin/env bash
# Session 10, call 9 (the FL_TAIL trial build of call 8): sobel's tail tier by wave fraction at five sizes, three
# rounds; box radius 8..16 by rows per thread and tail at four sizes, two rounds.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
for round in 1 2 3; do
  for t in def 0:4 0.25:4 0.4:4 0.5:4 0.6:4 0.75:4; do
    for s in 16384x16384 8192x8192 4096x4096 2048x2048 1920x1080; do
      if [ $t = def ]; then unset FL_TAIL; else export FL_TAIL=$t; fi
      $b/fl_T bench --size $s --format gray8 --stage sobel:variant=fast --repeat 30 > /tmp/s_${t}_${s}_$round.txt 2>&1
    done
  done
done
st=""; for r in 8 10 12 14 16; do for p in 16 24 32 48 64; do st="$st --stage box:variant=fast:radius=$r:ppt=$p"; done; done
for round in 1 2; do
  for t in def 0.5:2; do
    for s in 16384x16384 8192x8192 4096x4096 1920x1080; do
      if [ $t = def ]; then unset FL_TAIL; else export FL_TAIL=$t; fi
      $b/fl_T bench --size $s --format gray8 $st --repeat 20 > /tmp/b_${t}_${s}_$round.txt 2>&1
    done
  done
done
unset FL_TAIL
cat /tmp/s_*.txt /tmp/b_*.txt > "$OUT/bench_all.txt"
for f in /tmp/s_*_1.txt /tmp/b_*_1.txt; do n=$(basename $f); p=${n%%_*}; t=$(echo $n | cut -d_ -f2); s=$(echo $n | cut -d_ -f3)
  cat /tmp/${p}_${t}_${s}_*.txt | awk -v k="$s $t" '/^device/ {next} $NF ~ /^[0-9.]+$/ && NF > 8 {l=""; for (i = 4; i <= NF - 6; i++) l = l $i; kk=k" "$1" "$2" "l; p[kk]+=$NF; n[kk]++} END {for (x in p) printf "%-70s %6.1f\n", x, p[x]/n[x]}'
done | sort > /tmp/tab.txt
cat /tmp/tab.txt >> "$OUT/summary.txt"
cat "$OUT/summary.txt" | head -80
