#!/usr/bin/env bash
# Session 18, call 1: brightness_contrast's rounding by one float addition (bin, f05db82) against 91e8a42 (prev),
# alternated, three rounds, with invert as the control; its GPU tests. Box fast's rows in flight for overlapping
# warps (radius 5..16; trial build, FL_TRIAL_BOX_AHEAD = 3 (as today), 5, 8, 12) at blocks 32x4, 32x2, 32x1, two
# rounds. On an H200 also the suite and the peers at f05db82.
set -u
: "${OUT:=/tmp/out}"; rm -rf /tmp/o; mkdir -p "$OUT" /tmp/o
rm -rf .gpu/bin .gpu/prev .gpu/trial; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > /tmp/o/summary.txt
start=$SECONDS
timeout 120 .gpu/bin/gpu_tests --gtest_brief=1 --gtest_filter='*brightness*:*Point*' > /tmp/o/gpu_tests.log 2>&1
echo "gpu_tests rc=$? in $((SECONDS-start)) s" >> /tmp/o/summary.txt
grep -E '^\[  (PASSED|FAILED|SKIPPED)|FAILED' /tmp/o/gpu_tests.log | head -20 >> /tmp/o/summary.txt
bn() { local t=$1 x=$2 f=$3 s=$4; shift 4; timeout 60 $x bench --size $s --format $f "$@" --repeat 30 > /tmp/o/p_${t}_${f}_${s}.txt 2>&1; }
p="--stage brightness_contrast:variant=vec4 --stage brightness_contrast:variant=vec4:alpha=0.5:beta=0.5 --stage invert:variant=vec4"
for round in 1 2 3; do for v in prev bin; do
  bn ${v}_$round .gpu/$v/filterlab gray8 8192x8192 $p; bn ${v}_$round .gpu/$v/filterlab rgba8 8192x8192 $p
  bn ${v}_$round .gpu/$v/filterlab rgba8 3840x2160 $p
done; done
echo "brightness done at $((SECONDS-start)) s" >> /tmp/o/summary.txt
for round in 1 2; do for a in 3 5 8 12; do
  g=""; for r in 8 12 16; do for b in 32x4 32x2 32x1; do g="$g --stage box:variant=fast:radius=$r:block=$b"; done; done
  c=""; for r in 8 16; do for b in 32x4 32x2; do c="$c --stage box:variant=fast:radius=$r:block=$b"; done; done
  FL_TRIAL_BOX_AHEAD=$a bn a${a}_$round .gpu/trial/filterlab gray8 8192x8192 $g
  FL_TRIAL_BOX_AHEAD=$a bn a${a}_$round .gpu/trial/filterlab rgba8 8192x8192 $c
  FL_TRIAL_BOX_AHEAD=$a bn a${a}_$round .gpu/trial/filterlab gray8 3840x2160 --stage box:variant=fast:radius=8 --stage box:variant=fast:radius=16
done; done
echo "box trial done at $((SECONDS-start)) s" >> /tmp/o/summary.txt
for a in 3 8; do
  FL_TRIAL_BOX_AHEAD=$a timeout 60 ncu --section SpeedOfLight --section Occupancy --section WarpStateStats --section LaunchStats \
    -k regex:BoxFast -c 1 .gpu/trial/filterlab bench --size 8192x8192 --format gray8 --stage box:variant=fast:radius=16 \
    --repeat 1 --warmup 0 > /tmp/o/ncu_a${a}_r16.txt 2>&1
done
echo "ncu done at $((SECONDS-start)) s" >> /tmp/o/summary.txt
if grep -q H200 /tmp/o/summary.txt; then
  OUT=/tmp/o/suite timeout 200 bash bench/run_suite.sh run > /tmp/o/suite.log 2>&1
  echo "suite rc=$? at $((SECONDS-start)) s" >> /tmp/o/summary.txt
  mkdir -p "$OUT/suite"; cp -r /tmp/o/suite/. "$OUT/suite/" 2>/dev/null
fi
cp /tmp/o/summary.txt "$OUT/"
tar czf "$OUT/logs.tar.gz" -C /tmp/o --exclude=suite . 2>/dev/null
cat "$OUT/summary.txt"
