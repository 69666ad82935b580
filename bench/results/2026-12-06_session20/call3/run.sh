#!/usr/bin/env bash
# Session 20, call 3: `cand` (the working tree's TileStores): gauss tensor's staged kernel writes each step's outputs
# to a shared tile and, after the next barrier, every thread stores 16 bytes (whole sectors; today each warp's 4-byte
# stores write half sectors, and call 2's ncu had the L2 at 85% of its peak with half the global sectors excess); 64
# registers by __launch_bounds__ for the two-column-block shapes. Its tensor GPU tests; an A/B against e7aa05e (bin),
# alternated, three rounds; ncu (clocks left alone) of both; then, if cand wins (.gpu/pick2.py), every GPU test and
# the suite with the peers on it.
set -u
: "${OUT:=/tmp/out}"; rm -rf /tmp/o; mkdir -p "$OUT" /tmp/o
rm -rf .gpu/bin .gpu/cand; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > /tmp/o/summary.txt
start=$SECONDS
save() { cp /tmp/o/summary.txt "$OUT/"; tar czf "$OUT/logs.tar.gz" -C /tmp/o --exclude=suite . 2>/dev/null; }
ncuf() { local tag=$1 x=$2 p=$3 f=$4
  timeout 90 ncu --clock-control none --set full -k regex:GaussTensorStaged -c 1 $x bench --size 8192x8192 --format $f \
    --stage gauss:variant=tensor:radius=4:ppt=$p --repeat 1 --warmup 0 > /tmp/o/ncu_${tag}.txt 2>&1
  echo "ncu $tag rc=$? at $((SECONDS-start)) s" >> /tmp/o/summary.txt
  grep -E "SM Frequency|Duration|DRAM Throughput|L2 Cache Throughput|L2 Hit Rate|Issued Warp Per|Eligible Warps|No Eligible|Warp Cycles Per Issued|Executed Instructions  |Mem Busy|Max Bandwidth|Registers Per|Theoretical Occ" /tmp/o/ncu_${tag}.txt | sed "s/^/$tag: /" >> /tmp/o/summary.txt
  tr -s ' ' < /tmp/o/ncu_${tag}.txt | tr '\n' ' ' | grep -oE "total of [0-9]+ excessive [a-z]+ \([0-9]+% of the total [0-9]+ [a-z]+" | sed "s/^/$tag: /" >> /tmp/o/summary.txt
}
timeout 150 .gpu/cand/gpu_tests --gtest_brief=1 --gtest_filter='*tensor*:*Tensor*' > /tmp/o/gpu_tests_cand_tensor.log 2>&1
echo "cand tensor gpu_tests rc=$? at $((SECONDS-start)) s" >> /tmp/o/summary.txt
grep -E '^\[  (PASSED|FAILED|SKIPPED)|FAILED' /tmp/o/gpu_tests_cand_tensor.log | head -12 >> /tmp/o/summary.txt
vs=bin; grep -q '^\[  PASSED' /tmp/o/gpu_tests_cand_tensor.log && ! grep -q '^\[  FAILED' /tmp/o/gpu_tests_cand_tensor.log && vs="bin cand"
echo "bench: $vs" >> /tmp/o/summary.txt; save
bn() { local t=$1 x=$2 f=$3 s=$4; shift 4; timeout 60 $x bench --size $s --format $f "$@" --repeat 30 > /tmp/o/p_${t}_${f}_${s}.txt 2>&1; }
g="--stage gauss:variant=tensor:radius=4 --stage gauss:variant=tensor:radius=8 --stage gauss:variant=tensor:radius=2 --stage gauss:variant=tensor:radius=12 --stage gauss:variant=tensor:radius=4:ppt=256 --stage invert:variant=vec4"
c="--stage gauss:variant=tensor:radius=4 --stage gauss:variant=tensor:radius=8 --stage gauss:variant=tensor:radius=2 --stage gauss:variant=tensor:radius=6 --stage invert:variant=vec4"
for round in 1 2 3; do for v in $vs; do
  for z in 8192x8192 3840x2160 1920x1080; do bn ${v}_$round .gpu/$v/filterlab gray8 $z $g; done
  for z in 8192x8192 3840x2160; do bn ${v}_$round .gpu/$v/filterlab rgba8 $z $c; done
done; done
echo "bench done at $((SECONDS-start)) s" >> /tmp/o/summary.txt
/usr/bin/python3 .gpu/means.py /tmp/o > /tmp/o/means.txt 2>&1 || python3 .gpu/means.py /tmp/o > /tmp/o/means.txt 2>&1
w=$(/usr/bin/python3 .gpu/pick2.py /tmp/o 2>>/tmp/o/summary.txt || python3 .gpu/pick2.py /tmp/o 2>>/tmp/o/summary.txt)
echo "winner: $w" >> /tmp/o/summary.txt
save
case " $vs " in *" cand "*) ncuf cand_ppt128 .gpu/cand/filterlab 128 gray8;; esac
ncuf bin_ppt128 .gpu/bin/filterlab 128 gray8
save
if [ "$w" = cand ]; then
  timeout 280 .gpu/cand/gpu_tests --gtest_brief=1 > /tmp/o/gpu_tests_cand.log 2>&1; echo "cand gpu_tests rc=$? at $((SECONDS-start)) s" >> /tmp/o/summary.txt
  grep -E '^\[  (PASSED|FAILED|SKIPPED)|^\[ variants' /tmp/o/gpu_tests_cand.log | head -8 >> /tmp/o/summary.txt
  grep -E '^\[  FAILED' /tmp/o/gpu_tests_cand.log | head -10 >> /tmp/o/summary.txt
  save
  rm -rf .gpu/bin; mv .gpu/cand .gpu/bin
  OUT=/tmp/o/suite timeout 110 bash bench/run_suite.sh run > /tmp/o/suite_run.txt 2>&1; echo "suite rc=$? at $((SECONDS-start)) s" >> /tmp/o/summary.txt
  mkdir -p "$OUT/suite"; cp -r /tmp/o/suite/. "$OUT/suite/" 2>/dev/null
fi
save
cat /tmp/o/means.txt; cat "$OUT/summary.txt"
