#!/usr/bin/env bash
# Session 22, call 1: `bin` = da3e6e0 (HEAD). `cand` = da3e6e0 with the point ops' vec4 kernels taking word forms
# (point_words.cuh; final.diff): brightness puts a byte under 2^23's exponent instead of converting it and clamps
# 16-bit lanes as integers; threshold, add, sub, absdiff use packed byte intrinsics. `trial` = cand with brightness's
# word form only and trial point-op variants (trial.diff): tx2 (two 16-byte chunks a thread), tlean2 (the word
# form, two chunks), tlut / tlut2 (a 256-byte table in shared memory, one-input ops).
# 1) cand's point-op GPU tests; 2) ncu (clocks left alone) of brightness vec4 on bin and cand and of gauss tensor r4
# at 192-row strips; 3) bin and cand alternated, three rounds, and the trial variants; 4) on an H100 only, the suite
# with the peers at bin.
set -u
: "${OUT:=/tmp/out}"; rm -rf /tmp/o; mkdir -p "$OUT" /tmp/o
rm -rf .gpu/bin .gpu/cand .gpu/trial; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
gpu=$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader); echo "$gpu" > /tmp/o/summary.txt
start=$SECONDS
save() { cp /tmp/o/summary.txt "$OUT/"; tar czf "$OUT/logs.tar.gz" -C /tmp/o --exclude=suite . 2>/dev/null; }
timeout 100 .gpu/cand/gpu_tests --gtest_brief=1 \
  --gtest_filter='PointWordForms*:*brightness*:*invert*:*threshold*:*add_*:*sub_*:*absdiff*' \
  > /tmp/o/gpu_tests_cand_point.log 2>&1; echo "cand point gpu_tests rc=$? at $((SECONDS-start)) s" >> /tmp/o/summary.txt
grep -E '^\[  (PASSED|FAILED|SKIPPED)|^\[  FAILED' /tmp/o/gpu_tests_cand_point.log | head -12 >> /tmp/o/summary.txt; save
ncuf() { local tag=$1 x=$2 k=$3; shift 3
  timeout 90 ncu --clock-control none --set full -k regex:$k -c 1 $x bench --size 8192x8192 --format gray8 \
    "$@" --repeat 1 --warmup 0 > /tmp/o/ncu_${tag}.txt 2>&1
  echo "ncu $tag rc=$? at $((SECONDS-start)) s" >> /tmp/o/summary.txt
  grep -E "SM Frequency|Duration|DRAM Throughput|L2 Cache Throughput|L1/TEX Cache Throughput|Issued Warp Per|Eligible Warps|No Eligible|Warp Cycles Per Issued|Executed Instructions  |Mem Busy|Max Bandwidth|Registers Per|Achieved Occupancy|Theoretical Occ" /tmp/o/ncu_${tag}.txt | sed "s/^/$tag: /" >> /tmp/o/summary.txt
  save
}
ncuf bright_bin .gpu/bin/filterlab PointVec4 --stage brightness_contrast:variant=vec4
ncuf bright_cand .gpu/cand/filterlab PointVec4 --stage brightness_contrast:variant=vec4
ncuf tensor_r4 .gpu/bin/filterlab GaussTensorStaged --stage gauss:variant=tensor:radius=4
bn() { local t=$1 x=$2 f=$3 s=$4; shift 4; timeout 60 $x bench --size $s --format $f "$@" --repeat 30 > /tmp/o/p_${t}_${f}_${s}.txt 2>&1; }
g=""; for o in brightness_contrast invert threshold add absdiff; do g="$g --stage $o:variant=vec4"; done
tr=""; for v in vec4 tx2 tlean2 tlut tlut2; do tr="$tr --stage brightness_contrast:variant=$v"; done
for v in tx2 tlut tlut2; do tr="$tr --stage invert:variant=$v --stage threshold:variant=$v"; done
tr="$tr --stage add:variant=tx2"
for round in 1 2 3; do
  for v in bin cand; do
    for z in 8192x8192 4096x4096 3840x2160; do bn ${v}_$round .gpu/$v/filterlab gray8 $z $g; done
    bn ${v}_$round .gpu/$v/filterlab rgba8 8192x8192 $g
  done
  for z in 8192x8192 4096x4096; do bn trial_$round .gpu/trial/filterlab gray8 $z $tr; done
  bn trial_$round .gpu/trial/filterlab rgba8 8192x8192 $tr
done
echo "bench done at $((SECONDS-start)) s" >> /tmp/o/summary.txt
/usr/bin/python3 .gpu/means.py /tmp/o > /tmp/o/means.txt 2>&1 || python3 .gpu/means.py /tmp/o > /tmp/o/means.txt 2>&1
save
[ $((SECONDS-start)) -lt 170 ] && case "$gpu" in *H100*)
  OUT=/tmp/o/suite timeout 150 bash bench/run_suite.sh run > /tmp/o/suite_run.txt 2>&1; echo "suite rc=$? at $((SECONDS-start)) s" >> /tmp/o/summary.txt
  mkdir -p "$OUT/suite"; cp -r /tmp/o/suite/. "$OUT/suite/" 2>/dev/null; save;;
esac
cat /tmp/o/means.txt; cat "$OUT/summary.txt"
