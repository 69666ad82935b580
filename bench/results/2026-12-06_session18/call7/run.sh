#!/usr/bin/env bash
# Session 18, call 7: on an H200 (if this call gets one), the suite and the peers at 3e68a35 (e9bdf38's kernels) and 3e68a35 (bin) against
# 91e8a42 (prev) alternated, three rounds: brightness, box fast from radius 5, gauss3 and invert as controls. On an
# H100: ncu's full set for box fast radius 16 (steady kernel) and radius 3 at 8192x8192 gray8: the limiter.
set -u
: "${OUT:=/tmp/out}"; rm -rf /tmp/o; mkdir -p "$OUT" /tmp/o
rm -rf .gpu/bin .gpu/prev; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > /tmp/o/summary.txt
start=$SECONDS
save() { cp /tmp/o/summary.txt "$OUT/"; tar czf "$OUT/logs.tar.gz" -C /tmp/o --exclude=suite . 2>/dev/null; }
if grep -q H200 /tmp/o/summary.txt; then
  bn() { local t=$1 x=$2 f=$3 s=$4; shift 4; timeout 60 $x bench --size $s --format $f "$@" --repeat 30 > /tmp/o/p_${t}_${f}_${s}.txt 2>&1; }
  g="--stage brightness_contrast:variant=vec4 --stage invert:variant=vec4 --stage gauss3:variant=fast --stage box:variant=fast:radius=5 --stage box:variant=fast:radius=8 --stage box:variant=fast:radius=16"
  for round in 1 2 3; do for v in prev bin; do
    bn ${v}_$round .gpu/$v/filterlab gray8 8192x8192 $g; bn ${v}_$round .gpu/$v/filterlab rgba8 8192x8192 $g
    bn ${v}_$round .gpu/$v/filterlab rgba8 3840x2160 $g
  done; done
  echo "bench done at $((SECONDS-start)) s" >> /tmp/o/summary.txt; save
  OUT=/tmp/o/suite timeout 150 bash bench/run_suite.sh run > /tmp/o/suite_run.txt 2>&1; echo "suite rc=$? at $((SECONDS-start)) s" >> /tmp/o/summary.txt
  mkdir -p "$OUT/suite"; cp -r /tmp/o/suite/. "$OUT/suite/" 2>/dev/null
else
  for r in 16 3; do
    timeout 150 ncu --set full -k regex:BoxFast -c 1 .gpu/bin/filterlab bench --size 8192x8192 --format gray8 \
      --stage box:variant=fast:radius=$r --repeat 1 --warmup 0 > /tmp/o/ncu_full_r$r.txt 2>&1
    echo "ncu full r$r rc=$? at $((SECONDS-start)) s" >> /tmp/o/summary.txt
    grep -iE "cycles being stalled|Duration|Registers Per|Achieved Occupancy|Theoretical Occupancy|Issued Warp|No Eligible|Eligible Warps|Active Warps Per Scheduler|Warp Cycles Per Issued|DRAM Throughput|L2 Cache Throughput|Executed Ipc A" /tmp/o/ncu_full_r$r.txt | sed "s/^/r$r: /" >> /tmp/o/summary.txt
  done
fi
save
cat "$OUT/summary.txt"
