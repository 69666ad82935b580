#!/usr/bin/env bash
# Session 19, call 4: BIN (box fast gray8 radius 3 at 24 rows per thread) against 9cda83e (prev), alternated, three
# rounds, gray8 radius 1 to 5 at four sizes at each one's default launch; rgba8 radius 3 at 24 and 32 rows (prev); the
# box GPU tests at BIN; the suite and the peers.
set -u
: "${OUT:=/tmp/out}"; rm -rf /tmp/o; mkdir -p "$OUT" /tmp/o
rm -rf .gpu/bin .gpu/prev; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > /tmp/o/summary.txt
start=$SECONDS
save() { cp /tmp/o/summary.txt "$OUT/"; tar czf "$OUT/logs.tar.gz" -C /tmp/o --exclude=suite . 2>/dev/null; }
bn() { local t=$1 x=$2 f=$3 s=$4; shift 4; timeout 60 $x bench --size $s --format $f "$@" --repeat 30 > /tmp/o/p_${t}_${f}_${s}.txt 2>&1; }
g="--stage box:variant=fast:radius=1 --stage box:variant=fast:radius=2 --stage box:variant=fast:radius=3 --stage box:variant=fast:radius=4 --stage box:variant=fast:radius=5 --stage invert:variant=vec4"
c="--stage box:variant=fast:radius=3:ppt=16 --stage box:variant=fast:radius=3:ppt=24 --stage box:variant=fast:radius=3:ppt=32 --stage box:variant=fast:radius=3:ppt=48"
for round in 1 2 3; do
  for v in prev bin; do for z in 8192x8192 3840x2160 2560x1440 1920x1080; do bn ${v}_$round .gpu/$v/filterlab gray8 $z $g; done; done
  for z in 8192x8192 3840x2160 1920x1080; do bn sweep_$round .gpu/prev/filterlab rgba8 $z $c; done
done
echo "bench done at $((SECONDS-start)) s" >> /tmp/o/summary.txt
/usr/bin/python3 .gpu/means.py /tmp/o > /tmp/o/means.txt 2>&1 || python3 .gpu/means.py /tmp/o > /tmp/o/means.txt 2>&1
save
timeout 150 $b/gpu_tests --gtest_brief=1 --gtest_filter='*box*:*Box*' > /tmp/o/gpu_tests.log 2>&1; echo "box gpu_tests rc=$? at $((SECONDS-start)) s" >> /tmp/o/summary.txt
grep -E '^\[  (PASSED|FAILED|SKIPPED)|^\[ variants' /tmp/o/gpu_tests.log | head -20 >> /tmp/o/summary.txt; save
OUT=/tmp/o/suite timeout 110 bash bench/run_suite.sh run > /tmp/o/suite_run.txt 2>&1; echo "suite rc=$? at $((SECONDS-start)) s" >> /tmp/o/summary.txt
mkdir -p "$OUT/suite"; cp -r /tmp/o/suite/. "$OUT/suite/" 2>/dev/null
save
cat /tmp/o/means.txt; cat "$OUT/summary.txt"
