#!/usr/bin/env bash
# Session 20, call 4 (the warm machine after call 3): call 3's cand at rows per warp 128 / 192 / 256 / 384 against bin
# at 128 and 256: gray8 radius 2, 4, 8, 12 at three sizes, two rounds.
set -u
: "${OUT:=/tmp/out}"; rm -rf /tmp/o; mkdir -p "$OUT" /tmp/o
rm -rf .gpu/bin .gpu/cand; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > /tmp/o/summary.txt
bn() { local t=$1 x=$2 f=$3 s=$4; shift 4; timeout 60 $x bench --size $s --format $f "$@" --repeat 30 > /tmp/o/p_${t}_${f}_${s}.txt 2>&1; }
gc=""; gb=""; for r in 2 4 8 12; do for p in 128 192 256 384; do gc="$gc --stage gauss:variant=tensor:radius=$r:ppt=$p"; done; gb="$gb --stage gauss:variant=tensor:radius=$r:ppt=128 --stage gauss:variant=tensor:radius=$r:ppt=256"; done
for round in 1 2; do for z in 8192x8192 3840x2160 1920x1080; do
  bn bin_$round .gpu/bin/filterlab gray8 $z $gb --stage invert:variant=vec4; bn cand_$round .gpu/cand/filterlab gray8 $z $gc --stage invert:variant=vec4
done; done
/usr/bin/python3 .gpu/means.py /tmp/o > /tmp/o/means.txt 2>&1 || python3 .gpu/means.py /tmp/o > /tmp/o/means.txt 2>&1
cp /tmp/o/summary.txt /tmp/o/means.txt "$OUT/"; tar czf "$OUT/logs.tar.gz" -C /tmp/o . 2>/dev/null
cat /tmp/o/means.txt
