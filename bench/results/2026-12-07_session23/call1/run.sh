#!/usr/bin/env bash
# Session 23, call 1. `bin` = da3e6e0, `cand` = 54266cb (the point ops' word forms, ab3c8f5's kernels); t5, t4u, t5u
# = cand with the tensor trials below. On an H200 only (session 22's call3_not_run.sh): bin and cand alternated, three
# rounds, the point ops' vec4 at three sizes, and the suite with the peers on cand. On either GPU: the tensor trials
# against cand, three rounds; a sweep of rows per warp (tensor r4) and per thread (box r3); ncu (clocks left alone)
# of box r3, gauss tensor r4, gray32f columns r8 and sobel, as time allows.
set -u
: "${OUT:=/tmp/out}"; rm -rf /tmp/o; mkdir -p "$OUT" /tmp/o
rm -rf .gpu/bin .gpu/cand .gpu/t5 .gpu/t4u .gpu/t5u; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > /tmp/o/summary.txt
start=$SECONDS
save() { cp /tmp/o/summary.txt "$OUT/"; tar czf "$OUT/logs.tar.gz" -C /tmp/o --exclude=suite . 2>/dev/null; }
bn() { local t=$1 x=$2 f=$3 s=$4; shift 4; timeout 60 $x bench --size $s --format $f "$@" --repeat 30 > /tmp/o/p_${t}_${f}_${s}.txt 2>&1; }
g=""; for o in brightness_contrast invert threshold add sub absdiff; do g="$g --stage $o:variant=vec4"; done
h200=0; grep -q H200 /tmp/o/summary.txt && h200=1
[ $h200 = 1 ] && for round in 1 2 3; do for v in bin cand; do
  for z in 8192x8192 4096x4096 3840x2160; do bn ${v}_$round .gpu/$v/filterlab gray8 $z $g; done
  bn ${v}_$round .gpu/$v/filterlab rgba8 8192x8192 $g
done; done
echo "bench done at $((SECONDS-start)) s" >> /tmp/o/summary.txt
/usr/bin/python3 .gpu/means.py /tmp/o > /tmp/o/means.txt 2>&1 || python3 .gpu/means.py /tmp/o > /tmp/o/means.txt 2>&1
save
# Trials: gauss tensor's gray8 radius 1..8 kernel re-reads its band fragments from shared memory at each use (16
# registers freed) and is compiled for 5 blocks per SM (t5: 48 registers, 8 bytes spilled), or keeps 4 and unrolls
# its two steps between barriers (t4u: 61 registers), or both (t5u: 48, 8 spilled); cand keeps 4 blocks, 63.
tt=""; for r in 2 4 8; do tt="$tt --stage gauss:variant=tensor:radius=$r"; done
for round in 1 2 3; do for v in cand t5 t4u t5u; do
  for z in 8192x8192 3840x2160; do bn ${v}_$round .gpu/$v/filterlab gray8 $z $tt; done
done; done
echo "tensor trial done at $((SECONDS-start)) s" >> /tmp/o/summary.txt
/usr/bin/python3 .gpu/means.py /tmp/o > /tmp/o/means.txt 2>&1 || python3 .gpu/means.py /tmp/o > /tmp/o/means.txt 2>&1
save
rm -rf .gpu/bin && mv .gpu/cand .gpu/bin  # run_suite.sh runs .gpu/bin
[ $h200 = 1 ] && OUT=/tmp/o/suite timeout 150 bash bench/run_suite.sh run > /tmp/o/suite_run.txt 2>&1; echo "suite rc=$? at $((SECONDS-start)) s" >> /tmp/o/summary.txt
mkdir -p "$OUT/suite"; cp -r /tmp/o/suite/. "$OUT/suite/" 2>/dev/null; save
# Rows per warp / thread on the H200 (the defaults were tuned on H100s): gauss tensor r4 and box r3, gray8.
sw=""; for p in 64 128 192 256 384; do sw="$sw --stage gauss:variant=tensor:radius=4:ppt=$p"; done
for p in 8 16 24 32; do sw="$sw --stage box:variant=fast:radius=3:ppt=$p"; done
for round in 1 2; do bn sweep_$round .gpu/bin/filterlab gray8 8192x8192 $sw --stage gauss:variant=tensor:radius=4 --stage box:variant=fast:radius=3; done
echo "sweep done at $((SECONDS-start)) s" >> /tmp/o/summary.txt
/usr/bin/python3 .gpu/means.py /tmp/o > /tmp/o/means.txt 2>&1 || python3 .gpu/means.py /tmp/o > /tmp/o/means.txt 2>&1
save
ncuf() { local tag=$1 k=$2 f=$3; shift 3
  timeout 80 ncu --clock-control none --set full -k regex:$k -c 1 .gpu/bin/filterlab bench --size 8192x8192 --format $f \
    "$@" --repeat 1 --warmup 0 > /tmp/o/ncu_${tag}.txt 2>&1
  echo "ncu $tag rc=$? at $((SECONDS-start)) s" >> /tmp/o/summary.txt
  grep -E "SM Frequency|Duration|DRAM Throughput|L2 Cache Throughput|L1/TEX Cache Throughput|Issued Warp Per|Eligible Warps|No Eligible|Warp Cycles Per Issued|Executed Instructions  |Mem Busy|Max Bandwidth|Registers Per|Achieved Occupancy|Theoretical Occ|Block Limit" /tmp/o/ncu_${tag}.txt | sed "s/^/$tag: /" >> /tmp/o/summary.txt
  save
}
# The H200's limiters of the goals it misses, none profiled there since their latest changes.
[ $((SECONDS-start)) -lt 420 ] && ncuf box_r3 BoxFast gray8 --stage box:variant=fast:radius=3
[ $((SECONDS-start)) -lt 440 ] && ncuf tensor_r4 GaussTensorStaged gray8 --stage gauss:variant=tensor:radius=4
[ $((SECONDS-start)) -lt 460 ] && ncuf columns_r8 GaussColumns gray32f --stage gauss:variant=columns:radius=8
[ $((SECONDS-start)) -lt 480 ] && ncuf sobel_fast StripKernel gray8 --stage sobel:variant=fast
cat /tmp/o/means.txt; cat "$OUT/summary.txt"
