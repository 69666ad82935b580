#!/usr/bin/env bash
# Session 26, call 2 (bin = 512116c): 1) gray32f gauss radius 1..4, fast against columns at three mid sizes (where
# the faster changes), three rounds; 2) gray8 gauss tensor radius 4 and 8 at 3840x2160 under other launches, two rounds.
set -u
: "${OUT:=/tmp/out}"; rm -rf /tmp/o2; mkdir -p "$OUT" /tmp/o2 /tmp/o2/t
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu bin/filterlab
export LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > /tmp/o2/summary.txt
start=$SECONDS
st=""; for r in 1 2 3 4; do for v in fast columns; do st="$st --stage gauss:variant=$v:radius=$r:sigma=2"; done; done
for round in 1 2 3; do for z in 4096x4096 5120x5120 6144x6144; do
  timeout 60 .gpu/bin/filterlab bench --size $z --format gray32f $st --repeat 30 > /tmp/o2/p_bin_${round}_gray32f_$z.txt 2>&1
done; done
python3 .gpu/means.py /tmp/o2 > /tmp/o2/means.txt 2>&1; echo "gray32f done at $((SECONDS-start)) s" >> /tmp/o2/summary.txt
ts=""; for r in 4 8; do for b in 32x8 32x4 32x2; do for p in 32 64 128; do
  ts="$ts --stage gauss:variant=tensor:radius=$r:sigma=2:block=$b:ppt=$p"; done; done; done
for round in 1 2; do for z in 3840x2160 2560x1440; do
  timeout 90 .gpu/bin/filterlab bench --size $z --format gray8 $ts --repeat 30 > /tmp/o2/t/p_bin_${round}_gray8_$z.txt 2>&1
done; done
python3 .gpu/means.py /tmp/o2/t > /tmp/o2/t/means.txt 2>&1; echo "tensor done at $((SECONDS-start)) s" >> /tmp/o2/summary.txt
cp /tmp/o2/summary.txt /tmp/o2/means.txt "$OUT/"; cp /tmp/o2/t/means.txt "$OUT/means_tensor.txt"
tar czf "$OUT/logs.tar.gz" -C /tmp/o2 .; cat /tmp/o2/means.txt /tmp/o2/t/means.txt /tmp/o2/summary.txt
