#!/usr/bin/env bash
# Session 23, call 3: `cand` = 54266cb; `tbox` = cand with box fast's radius 1..4 kernels compiled for 5 blocks of 256
# threads per SM (kBoxFastMinBlocks 4 -> 5: 48 registers; gray8 spills nothing, rgba8 radius 3..4 16 bytes), so that
# 10 blocks of 128 threads fit where 8 did (ncu, call 1: box r3 issues 0.47 per scheduler with 6.4 warps active).
# 1) tbox's box GPU tests; 2) cand and tbox alternated, three rounds, box radius 1..4 at their default launches.
set -u
: "${OUT:=/tmp/out}"; rm -rf /tmp/o; mkdir -p "$OUT" /tmp/o
rm -rf .gpu/cand .gpu/tbox; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > /tmp/o/summary.txt
start=$SECONDS
save() { cp /tmp/o/summary.txt "$OUT/"; tar czf "$OUT/logs.tar.gz" -C /tmp/o . 2>/dev/null; }
timeout 120 .gpu/tbox/gpu_tests --gtest_brief=1 --gtest_filter='*box*:*Box*' > /tmp/o/gpu_tests_tbox_box.log 2>&1
echo "tbox box gpu_tests rc=$? at $((SECONDS-start)) s" >> /tmp/o/summary.txt
grep -E '^\[  (PASSED|FAILED|SKIPPED)|^\[  FAILED|runs compared' /tmp/o/gpu_tests_tbox_box.log | head -12 >> /tmp/o/summary.txt; save
bn() { local t=$1 x=$2 f=$3 s=$4; shift 4; timeout 60 $x bench --size $s --format $f "$@" --repeat 30 > /tmp/o/p_${t}_${f}_${s}.txt 2>&1; }
st=""; for r in 1 2 3 4; do st="$st --stage box:variant=fast:radius=$r"; done
for round in 1 2 3; do for v in cand tbox; do for f in gray8 rgba8; do
  for z in 8192x8192 3840x2160 1920x1080; do bn ${v}_$round .gpu/$v/filterlab $f $z $st; done
done; done; done
echo "bench done at $((SECONDS-start)) s" >> /tmp/o/summary.txt
/usr/bin/python3 .gpu/means.py /tmp/o > /tmp/o/means.txt 2>&1 || python3 .gpu/means.py /tmp/o > /tmp/o/means.txt 2>&1
save
cat /tmp/o/means.txt; cat "$OUT/summary.txt"
