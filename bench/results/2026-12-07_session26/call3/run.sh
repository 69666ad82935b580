#!/usr/bin/env bash
# Session 26, call 3 (bin = 512116c): gauss tensor with blocks of 4, 6 and 8 warps at each format's default rows per
# warp, gray8 and rgba8 radius 4 and 8, eight sizes, three rounds: does the block's width want to follow the size?
set -u
: "${OUT:=/tmp/out}"; rm -rf /tmp/o3; mkdir -p "$OUT" /tmp/o3
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu bin/filterlab
export LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > /tmp/o3/summary.txt
start=$SECONDS
g=""; c=""; for b in 32x4 32x6 32x8; do
  for r in 4 8; do g="$g --stage gauss:variant=tensor:radius=$r:sigma=2:block=$b:ppt=128"; done
  c="$c --stage gauss:variant=tensor:radius=4:sigma=2:block=$b:ppt=192 --stage gauss:variant=tensor:radius=8:sigma=4:block=$b:ppt=384"
done
for round in 1 2 3; do for z in 1280x720 1920x1080 2560x1440 3000x2000 3840x2160 4096x4096 5120x5120 8192x8192; do
  timeout 60 .gpu/bin/filterlab bench --size $z --format gray8 $g --repeat 30 > /tmp/o3/p_bin_${round}_gray8_$z.txt 2>&1
  timeout 60 .gpu/bin/filterlab bench --size $z --format rgba8 $c --repeat 30 > /tmp/o3/p_bin_${round}_rgba8_$z.txt 2>&1
done; echo "round $round at $((SECONDS-start)) s" >> /tmp/o3/summary.txt; done
python3 .gpu/means.py /tmp/o3 > /tmp/o3/means.txt 2>&1
cp /tmp/o3/summary.txt /tmp/o3/means.txt "$OUT/"; tar czf "$OUT/logs.tar.gz" -C /tmp/o3 .; cat /tmp/o3/means.txt /tmp/o3/summary.txt
