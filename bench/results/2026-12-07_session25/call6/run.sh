#!/usr/bin/env bash
# Session 25, call 6: base = 9ffaebf, ctc = 0133c5e (= main's kernels). Three rounds, gray32f: gauss radius 3 / 4
# fast and columns (the fallback picks fast up to radius 4), radius 5 / 7 columns, at three sizes.
set -u
: "${OUT:=/tmp/out}"; rm -rf /tmp/o6; mkdir -p "$OUT" /tmp/o6
rm -rf .gpu/base .gpu/ctc; tar xJf .gpu/bin.tar.xz -C .gpu base/filterlab ctc/filterlab
export LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee /tmp/o6/summary.txt
st=""; for r in 3 4; do for v in fast columns; do st="$st --stage gauss:variant=$v:radius=$r:sigma=2"; done; done
st="$st --stage gauss:variant=columns:radius=5:sigma=3 --stage gauss:variant=columns:radius=7:sigma=4"
for round in 1 2 3; do for v in base ctc; do for z in 1920x1080 3840x2160 8192x8192; do
  timeout 60 .gpu/$v/filterlab bench --size $z --format gray32f $st --repeat 30 > /tmp/o6/p_${v}_${round}_gray32f_$z.txt 2>&1
done; done; done
python3 .gpu/means.py /tmp/o6 | tee /tmp/o6/means.txt; cp /tmp/o6/means.txt /tmp/o6/summary.txt "$OUT/"; tar czf "$OUT/logs.tar.gz" -C /tmp/o6 .
