#!/usr/bin/env bash
# Session 21, call 1: `cand` = 680eb06 + long_grid_rule.diff (gauss tensor gray8 radius <= 16 takes 192-row strips on
# grids spanning four waves), `bin` = 680eb06. cand's strip-tail and tensor GPU tests; bin and cand alternated, three
# rounds, default launch at 8192x8192 / 4096x4096 / 3840x2160 (and smem off at 8192x8192); if cand wins
# (.gpu/pick3.py), every GPU test on it and the suite with the peers.
set -u
: "${OUT:=/tmp/out}"; rm -rf /tmp/o; mkdir -p "$OUT" /tmp/o
rm -rf .gpu/bin .gpu/cand; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > /tmp/o/summary.txt
start=$SECONDS
save() { cp /tmp/o/summary.txt "$OUT/"; tar czf "$OUT/logs.tar.gz" -C /tmp/o --exclude=suite . 2>/dev/null; }
timeout 150 .gpu/cand/gpu_tests --gtest_brief=1 --gtest_filter='*StripTail*:*strip*:*Strip*:*tensor*:*Tensor*' > /tmp/o/gpu_tests_cand_tensor.log 2>&1
echo "cand tensor/strip gpu_tests rc=$? at $((SECONDS-start)) s" >> /tmp/o/summary.txt
grep -E '^\[  (PASSED|FAILED|SKIPPED)|FAILED' /tmp/o/gpu_tests_cand_tensor.log | head -12 >> /tmp/o/summary.txt
vs=bin; grep -q '^\[  PASSED' /tmp/o/gpu_tests_cand_tensor.log && ! grep -q '^\[  FAILED' /tmp/o/gpu_tests_cand_tensor.log && vs="bin cand"
echo "bench: $vs" >> /tmp/o/summary.txt; save
bn() { local t=$1 x=$2 f=$3 s=$4; shift 4; timeout 60 $x bench --size $s --format $f "$@" --repeat 30 > /tmp/o/p_${t}_${f}_${s}.txt 2>&1; }
g=""; for r in 2 4 8 12 16; do g="$g --stage gauss:variant=tensor:radius=$r"; done
g="$g --stage gauss:variant=tensor:radius=20 --stage invert:variant=vec4"
o="--stage gauss:variant=tensor:radius=4:smem=off --stage gauss:variant=tensor:radius=8:smem=off --stage invert:variant=vec4"
for round in 1 2 3; do for v in $vs; do
  for z in 8192x8192 4096x4096 3840x2160; do bn ${v}_$round .gpu/$v/filterlab gray8 $z $g; done
  bn ${v}off_$round .gpu/$v/filterlab gray8 8192x8192 $o
done; done
echo "bench done at $((SECONDS-start)) s" >> /tmp/o/summary.txt
/usr/bin/python3 .gpu/means.py /tmp/o > /tmp/o/means.txt 2>&1 || python3 .gpu/means.py /tmp/o > /tmp/o/means.txt 2>&1
w=$(/usr/bin/python3 .gpu/pick3.py /tmp/o 2>>/tmp/o/summary.txt || python3 .gpu/pick3.py /tmp/o 2>>/tmp/o/summary.txt)
echo "winner: $w" >> /tmp/o/summary.txt
save
if [ "$w" = cand ]; then
  timeout 270 .gpu/cand/gpu_tests --gtest_brief=1 > /tmp/o/gpu_tests_cand.log 2>&1; echo "cand gpu_tests rc=$? at $((SECONDS-start)) s" >> /tmp/o/summary.txt
  grep -E '^\[  (PASSED|FAILED|SKIPPED)|^\[ variants' /tmp/o/gpu_tests_cand.log | head -8 >> /tmp/o/summary.txt
  grep -E '^\[  FAILED' /tmp/o/gpu_tests_cand.log | head -10 >> /tmp/o/summary.txt
  save
fi
cat /tmp/o/means.txt; cat "$OUT/summary.txt"
