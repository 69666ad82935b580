#!/usr/bin/env bash
# Session 21, call 5: `bin` = 3718561 (ad3f957's code). ncu (clocks left alone) of gauss tensor gray8 8192x8192
# radius 4 at its default launch (192-row strips) and of brightness_contrast vec4 gray8 (87% of a copy on the H200);
# then the suite with the peers on this device.
set -u
: "${OUT:=/tmp/out}"; rm -rf /tmp/o; mkdir -p "$OUT" /tmp/o
rm -rf .gpu/bin .gpu/cand; tar xJf .gpu/bin.tar.xz -C .gpu bin
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > /tmp/o/summary.txt
start=$SECONDS
save() { cp /tmp/o/summary.txt "$OUT/"; tar czf "$OUT/logs.tar.gz" -C /tmp/o --exclude=suite . 2>/dev/null; }
ncuf() { local tag=$1 k=$2; shift 2
  timeout 100 ncu --clock-control none --set full -k regex:$k -c 1 .gpu/bin/filterlab bench --size 8192x8192 --format gray8 \
    "$@" --repeat 1 --warmup 0 > /tmp/o/ncu_${tag}.txt 2>&1
  echo "ncu $tag rc=$? at $((SECONDS-start)) s" >> /tmp/o/summary.txt
  grep -E "SM Frequency|Duration|DRAM Throughput|L2 Cache Throughput|L1/TEX Cache Throughput|Issued Warp Per|Eligible Warps|No Eligible|Warp Cycles Per Issued|Executed Instructions  |Mem Busy|Max Bandwidth|Registers Per|Achieved Occupancy|Theoretical Occ" /tmp/o/ncu_${tag}.txt | sed "s/^/$tag: /" >> /tmp/o/summary.txt
  tr -s ' ' < /tmp/o/ncu_${tag}.txt | tr '\n' ' ' | grep -oE "total of [0-9]+ excessive [a-z]+ \([0-9]+% of the total [0-9]+ [a-z]+" | sed "s/^/$tag: /" >> /tmp/o/summary.txt
  save
}
ncuf tensor_r4 GaussTensorStaged --stage gauss:variant=tensor:radius=4
ncuf brightness PointVec4 --stage brightness_contrast:variant=vec4
OUT=/tmp/o/suite timeout 150 bash bench/run_suite.sh run > /tmp/o/suite_run.txt 2>&1; echo "suite rc=$? at $((SECONDS-start)) s" >> /tmp/o/summary.txt
mkdir -p "$OUT/suite"; cp -r /tmp/o/suite/. "$OUT/suite/" 2>/dev/null; save
cat "$OUT/summary.txt"
