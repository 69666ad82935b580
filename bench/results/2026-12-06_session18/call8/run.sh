#!/usr/bin/env bash
# Session 18, call 8 (a trial): gray8 box fast at radius 5 to 7 with warps of their own (lanes 0 and 31 fetch the chunks
# beyond the warp and keep running sums of 2 of their words; own_warps_r7_trial.diff on 3e68a35) instead of warps
# overlapping by two chunks (prev: 3e68a35). The trial's box tests; prev and trial alternated, three rounds.
set -u
: "${OUT:=/tmp/out}"; rm -rf /tmp/o; mkdir -p "$OUT" /tmp/o
rm -rf .gpu/trial .gpu/prev; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > /tmp/o/summary.txt
start=$SECONDS
timeout 150 .gpu/trial/gpu_tests --gtest_brief=1 --gtest_filter='*StripSteady*box_r*:*StripTailTiers*:Registry/VariantAgreement.*/box_fast_*' > /tmp/o/gpu_tests.log 2>&1
echo "trial gpu_tests rc=$? in $((SECONDS-start)) s" >> /tmp/o/summary.txt
grep -E '^\[  (PASSED|FAILED|SKIPPED)|FAILED' /tmp/o/gpu_tests.log | head -20 >> /tmp/o/summary.txt
bn() { local t=$1 x=$2 f=$3 s=$4; shift 4; timeout 60 $x bench --size $s --format $f "$@" --repeat 30 > /tmp/o/p_${t}_${f}_${s}.txt 2>&1; }
g="--stage box:variant=fast:radius=5 --stage box:variant=fast:radius=6 --stage box:variant=fast:radius=7 --stage box:variant=fast:radius=5:ppt=32 --stage box:variant=fast:radius=7:ppt=32 --stage box:variant=fast:radius=5:ppt=16 --stage box:variant=fast:radius=4 --stage box:variant=fast:radius=8"
for round in 1 2 3; do for v in prev trial; do
  for z in 8192x8192 3840x2160 2560x1440 1920x1080; do bn ${v}_$round .gpu/$v/filterlab gray8 $z $g; done
done; done
echo "bench done at $((SECONDS-start)) s" >> /tmp/o/summary.txt
cp /tmp/o/summary.txt "$OUT/"
tar czf "$OUT/logs.tar.gz" -C /tmp/o . 2>/dev/null
cat "$OUT/summary.txt"
