#!/usr/bin/env bash
# Session 19, call 3: BIN (box fast's retuned rows per thread: gray8 24 from radius 5 to 16, rgba8 16 to radius 8)
# against 7754b8d (prev), alternated, three rounds, at each one's default launch; the box GPU tests at BIN; the suite and
# the peers. Before the tests, a sweep of rows per thread at 7754b8d (sweep_*): gauss tensor rgba8 radius 2 to 8 and
# gray8 radius 12 to 32, box fast gray8 radius 1 to 4.
set -u
: "${OUT:=/tmp/out}"; rm -rf /tmp/o; mkdir -p "$OUT" /tmp/o
rm -rf .gpu/bin .gpu/prev; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > /tmp/o/summary.txt
start=$SECONDS
save() { cp /tmp/o/summary.txt "$OUT/"; tar czf "$OUT/logs.tar.gz" -C /tmp/o --exclude=suite . 2>/dev/null; }
bn() { local t=$1 x=$2 f=$3 s=$4; shift 4; timeout 60 $x bench --size $s --format $f "$@" --repeat 30 > /tmp/o/p_${t}_${f}_${s}.txt 2>&1; }
g=""; for r in 5 6 7 8 9 10 11 12 13 14 15 16; do g="$g --stage box:variant=fast:radius=$r"; done; g="$g --stage invert:variant=vec4"
for round in 1 2 3; do for v in prev bin; do
  for z in 8192x8192 3840x2160 2560x1440 1920x1080; do bn ${v}_$round .gpu/$v/filterlab gray8 $z $g; done
  for z in 8192x8192 3840x2160 1920x1080; do bn ${v}_$round .gpu/$v/filterlab rgba8 $z $g; done
done; done
echo "bench done at $((SECONDS-start)) s" >> /tmp/o/summary.txt
rt=""; for r in 2 4 6 8; do for p in 128 192 256 384; do rt="$rt --stage gauss:variant=tensor:radius=$r:ppt=$p"; done; done
gt=""; for r in 12 16 24 32; do for p in 64 128 192 256; do gt="$gt --stage gauss:variant=tensor:radius=$r:ppt=$p"; done; done
bx=""; for r in 1 2 3 4; do for p in 8 16 24 32 48; do bx="$bx --stage box:variant=fast:radius=$r:ppt=$p"; done; done
for round in 1 2 3; do for z in 8192x8192 3840x2160 1920x1080; do
  bn sweep_$round .gpu/prev/filterlab rgba8 $z $rt; bn sweep_$round .gpu/prev/filterlab gray8 $z $gt $bx
done; done
echo "sweep done at $((SECONDS-start)) s" >> /tmp/o/summary.txt
/usr/bin/python3 .gpu/means.py /tmp/o > /tmp/o/means.txt 2>&1 || python3 .gpu/means.py /tmp/o > /tmp/o/means.txt 2>&1
save
timeout 200 $b/gpu_tests --gtest_brief=1 --gtest_filter='*box*:*Box*' > /tmp/o/gpu_tests.log 2>&1; echo "box gpu_tests rc=$? at $((SECONDS-start)) s" >> /tmp/o/summary.txt
grep -E '^\[  (PASSED|FAILED|SKIPPED)|^\[ variants' /tmp/o/gpu_tests.log | head -20 >> /tmp/o/summary.txt; save
if [ $((SECONDS-start)) -lt 420 ]; then
  OUT=/tmp/o/suite timeout 110 bash bench/run_suite.sh run > /tmp/o/suite_run.txt 2>&1; echo "suite rc=$? at $((SECONDS-start)) s" >> /tmp/o/summary.txt
  mkdir -p "$OUT/suite"; cp -r /tmp/o/suite/. "$OUT/suite/" 2>/dev/null
fi
save
cat /tmp/o/means.txt; cat "$OUT/summary.txt"
