#!/usr/bin/env bash
# Session 26, call 5: base = 2e301fd (kernels of 512116c); ca = base with the cp.async of cuda/filters/row_pipe.cuh
# through L1 (.ca) instead of L2 only (.cg): does the L2 see each sector once instead of in two 16-byte halves?
# Alternated, three rounds, 8192x8192 and 3840x2160; then ncu of rgba8 tensor radius 4 for both.
set -u
: "${OUT:=/tmp/out}"; rm -rf /tmp/o5; mkdir -p "$OUT" /tmp/o5
rm -rf .gpu/base .gpu/ca; tar xJf .gpu/bin5.tar.xz -C .gpu
export LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > /tmp/o5/summary.txt
start=$SECONDS
g="--stage gauss:variant=tensor:radius=4:sigma=2 --stage gauss:variant=tensor:radius=8:sigma=4 --stage gauss3:variant=fast"
g="$g --stage dilate3:variant=fast --stage dilate5:variant=fast --stage sobel:variant=fast"
g="$g --stage box:variant=fast:radius=3 --stage box:variant=fast:radius=16 --stage gauss:variant=half2:radius=2:sigma=1"
c="--stage gauss:variant=tensor:radius=4:sigma=2 --stage gauss:variant=tensor:radius=8:sigma=4 --stage gauss3:variant=fast"
c="$c --stage dilate5:variant=fast --stage box:variant=fast:radius=4 --stage box:variant=fast:radius=16"
for round in 1 2 3; do for v in base ca; do for z in 8192x8192 3840x2160; do
  timeout 60 .gpu/$v/filterlab bench --size $z --format gray8 $g --repeat 30 > /tmp/o5/p_${v}_${round}_gray8_$z.txt 2>&1
  timeout 60 .gpu/$v/filterlab bench --size $z --format rgba8 $c --repeat 30 > /tmp/o5/p_${v}_${round}_rgba8_$z.txt 2>&1
done; done; echo "round $round at $((SECONDS-start)) s" >> /tmp/o5/summary.txt; done
python3 .gpu/means.py /tmp/o5 > /tmp/o5/means.txt 2>&1
for v in base ca; do
  timeout 90 ncu --clock-control none --section SpeedOfLight --section MemoryWorkloadAnalysis -k regex:GaussTensor -c 1 \
    .gpu/$v/filterlab bench --size 8192x8192 --format rgba8 --stage gauss:variant=tensor:radius=4:sigma=2 --repeat 1 \
    --warmup 0 > /tmp/o5/ncu_rgba8_r4_$v.txt 2>&1
  echo "ncu $v rc=$? at $((SECONDS-start)) s" >> /tmp/o5/summary.txt
done
cp /tmp/o5/summary.txt /tmp/o5/means.txt "$OUT/"; tar czf "$OUT/logs.tar.gz" -C /tmp/o5 .; cat /tmp/o5/means.txt /tmp/o5/summary.txt
for v in base ca; do grep -E "Duration|DRAM Throughput|L2 Cache Throughput|L1/TEX Hit|L2 Hit" /tmp/o5/ncu_rgba8_r4_$v.txt; done
