#!/usr/bin/env bash
# Session 19, call 1 (two trials and the winner's checks): gauss tensor's staged kernel with persistent blocks (one
# wave of them takes the grid's row blocks in order; the band table built once per block): persist_trial.diff on
# 7754b8d (prev) as trial, and with each item's first slots fetched during the item before (prefetch_trial.diff) as
# trial2. Their tensor GPU tests; prev, trial and trial2 alternated, two rounds; then, if one beats prev by more than
# a point (.gpu/pick.py), every GPU test, the UI interop tests and the suite with the peers on it.
set -u
: "${OUT:=/tmp/out}"; rm -rf /tmp/o; mkdir -p "$OUT" /tmp/o
rm -rf .gpu/trial .gpu/trial2 .gpu/prev .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > /tmp/o/summary.txt
start=$SECONDS
save() { cp /tmp/o/summary.txt "$OUT/"; tar czf "$OUT/logs.tar.gz" -C /tmp/o --exclude=suite . 2>/dev/null; }
for v in trial trial2; do
  timeout 100 .gpu/$v/gpu_tests --gtest_brief=1 --gtest_filter='*tensor*' > /tmp/o/gpu_tests_$v.log 2>&1
  echo "$v tensor gpu_tests rc=$? at $((SECONDS-start)) s" >> /tmp/o/summary.txt
  grep -E '^\[  (PASSED|FAILED|SKIPPED)|FAILED' /tmp/o/gpu_tests_$v.log | head -12 >> /tmp/o/summary.txt
done
save
bn() { local t=$1 x=$2 f=$3 s=$4; shift 4; timeout 60 $x bench --size $s --format $f "$@" --repeat 30 > /tmp/o/p_${t}_${f}_${s}.txt 2>&1; }
g="--stage gauss:variant=tensor:radius=4 --stage gauss:variant=tensor:radius=8 --stage gauss:variant=tensor:radius=2 --stage gauss:variant=tensor:radius=12 --stage gauss:variant=tensor:radius=4:ppt=256 --stage gauss:variant=tensor:radius=8:ppt=256 --stage invert:variant=vec4"
c="--stage gauss:variant=tensor:radius=4 --stage gauss:variant=tensor:radius=8 --stage gauss:variant=tensor:radius=2 --stage gauss:variant=tensor:radius=4:ppt=256 --stage invert:variant=vec4"
for round in 1 2; do for v in prev trial trial2; do
  for z in 8192x8192 3840x2160 1920x1080; do bn ${v}_$round .gpu/$v/filterlab gray8 $z $g; done
  for z in 8192x8192 3840x2160; do bn ${v}_$round .gpu/$v/filterlab rgba8 $z $c; done
done; done
echo "bench done at $((SECONDS-start)) s" >> /tmp/o/summary.txt
/usr/bin/python3 .gpu/means.py /tmp/o > /tmp/o/means.txt 2>&1 || python3 .gpu/means.py /tmp/o > /tmp/o/means.txt 2>&1
w=$(/usr/bin/python3 .gpu/pick.py /tmp/o 2>>/tmp/o/summary.txt || python3 .gpu/pick.py /tmp/o 2>>/tmp/o/summary.txt)
# a winner must also have passed its tensor tests
grep -q "^$w tensor gpu_tests rc=0" /tmp/o/summary.txt || w=none
echo "winner: $w" >> /tmp/o/summary.txt; save
if [ "$w" != none ]; then
  b=.gpu/bin; mkdir -p $b; cp .gpu/$w/filterlab .gpu/$w/gpu_tests $b/; cp .gpu/trial2/ui_tests $b/
  timeout 280 $b/gpu_tests --gtest_brief=1 > /tmp/o/gpu_tests.log 2>&1; echo "$w gpu_tests rc=$? at $((SECONDS-start)) s" >> /tmp/o/summary.txt
  grep -E '^\[  (PASSED|FAILED|SKIPPED)|^\[ variants' /tmp/o/gpu_tests.log | head -20 >> /tmp/o/summary.txt; save
  if [ $((SECONDS-start)) -lt 480 ]; then
    FILTERLAB_EXE=$b/filterlab timeout 40 $b/ui_tests --gtest_brief=1 --gtest_filter='*SharedTexture*:Screenshot.*CudaInterop*:Screenshot.WholeFrame*:Ab*:MeasureFrames*:TimingExport*' > /tmp/o/ui.log 2>&1; echo "ui_tests rc=$? at $((SECONDS-start)) s" >> /tmp/o/summary.txt
    grep -E '^\[  (PASSED|FAILED|SKIPPED)' /tmp/o/ui.log >> /tmp/o/summary.txt; save
  fi
  if [ $((SECONDS-start)) -lt 490 ]; then
    OUT=/tmp/o/suite timeout 100 bash bench/run_suite.sh run > /tmp/o/suite_run.txt 2>&1; echo "suite rc=$? at $((SECONDS-start)) s" >> /tmp/o/summary.txt
    mkdir -p "$OUT/suite"; cp -r /tmp/o/suite/. "$OUT/suite/" 2>/dev/null
  fi
fi
save
cat /tmp/o/means.txt; cat "$OUT/summary.txt"
