#!/usr/bin/env bash
# Session 23, call 2: box fast rows per thread, gray8 and rgba8, radius 3 / 4 / 16, 8192x8192 and 3840x2160, three rounds (cand).
set -u
: "${OUT:=/tmp/out}"; rm -rf /tmp/o; mkdir -p "$OUT" /tmp/o
[ -x .gpu/cand/filterlab ] || { rm -rf .gpu/bin .gpu/cand .gpu/t5 .gpu/t4u .gpu/t5u; tar xJf .gpu/bin.tar.xz -C .gpu; }
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > /tmp/o/summary.txt
start=$SECONDS
x=.gpu/cand/filterlab; [ -x $x ] || x=.gpu/bin/filterlab
bn() { local t=$1 f=$2 s=$3; shift 3; timeout 60 $x bench --size $s --format $f "$@" --repeat 30 > /tmp/o/p_${t}_${f}_${s}.txt 2>&1; }
for round in 1 2 3; do for f in gray8 rgba8; do for r in 3 4 16; do
  sw="--stage box:variant=fast:radius=$r"; for p in 8 16 24 32 48 64; do sw="$sw --stage box:variant=fast:radius=$r:ppt=$p"; done
  for z in 8192x8192 3840x2160; do bn r${r}_$round $f $z $sw; done
done; done; done
echo "sweep done at $((SECONDS-start)) s" >> /tmp/o/summary.txt
/usr/bin/python3 .gpu/means.py /tmp/o > /tmp/o/means.txt 2>&1 || python3 .gpu/means.py /tmp/o > /tmp/o/means.txt 2>&1
cp /tmp/o/summary.txt /tmp/o/means.txt "$OUT/"; tar czf "$OUT/logs.tar.gz" -C /tmp/o .
cat /tmp/o/means.txt; cat "$OUT/summary.txt"
