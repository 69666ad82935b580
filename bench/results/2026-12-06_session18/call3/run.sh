#!/usr/bin/env bash
# Session 18, call 3: box fast's steady path for overlapping warps, taken for strips of 8 rows or more (bin, 661db99),
# against f05db82 (prev, the general path alone). The steady (with the new 3600-row cases), tier and box fast tests;
# the same steady tests with a mutant whose steady overlapping warps divide wrongly (they must fail in the 3600-row
# cases only); racecheck and memcheck over two 3600-row cases; prev and bin alternated, three rounds.
set -u
: "${OUT:=/tmp/out}"; rm -rf /tmp/o; mkdir -p "$OUT" /tmp/o
rm -rf .gpu/bin .gpu/prev .gpu/mutant; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > /tmp/o/summary.txt
start=$SECONDS
timeout 200 .gpu/bin/gpu_tests --gtest_brief=1 --gtest_filter='*StripSteady*:*StripTailTiers*:*box_fast*:*BoxFast*' > /tmp/o/gpu_tests.log 2>&1
echo "gpu_tests rc=$? in $((SECONDS-start)) s" >> /tmp/o/summary.txt
grep -E '^\[  (PASSED|FAILED|SKIPPED)|FAILED' /tmp/o/gpu_tests.log | head -30 >> /tmp/o/summary.txt
timeout 150 .gpu/mutant/gpu_tests --gtest_brief=1 --gtest_filter='*StripSteady*box_r*' > /tmp/o/mutant.log 2>&1
echo "mutant rc=$? at $((SECONDS-start)) s" >> /tmp/o/summary.txt
grep -E '^\[  (PASSED|FAILED)  \] [0-9]+ test' /tmp/o/mutant.log >> /tmp/o/summary.txt
echo "mutant failures: $(grep -c '^\[  FAILED  \] .*MatchesTheOracle' /tmp/o/mutant.log), of them 3600-row cases: $(grep '^\[  FAILED  \] .*MatchesTheOracle' /tmp/o/mutant.log | grep -c h3600)" >> /tmp/o/summary.txt
OUT=/tmp/o/san TOOLS="racecheck memcheck" TOOL_TIMEOUT=120 bash scripts/sanitize_gpu_tests.sh .gpu/bin/gpu_tests \
  '*StripSteady*box_r16_gray8_b32x1_ppt32_h3600:*StripSteady*box_r5_rgba8_b32x1_ppt32_chunk_short_h3600' > /tmp/o/san.txt 2>&1
echo "sanitizers rc=$? at $((SECONDS-start)) s" >> /tmp/o/summary.txt; tail -5 /tmp/o/san.txt >> /tmp/o/summary.txt
grep -h "tests from" /tmp/o/san/sanitizer/*.tests.txt >> /tmp/o/summary.txt 2>/dev/null
bn() { local t=$1 x=$2 f=$3 s=$4; shift 4; timeout 60 $x bench --size $s --format $f "$@" --repeat 30 > /tmp/o/p_${t}_${f}_${s}.txt 2>&1; }
g="--stage box:variant=fast:radius=5 --stage box:variant=fast:radius=8 --stage box:variant=fast:radius=12 --stage box:variant=fast:radius=16 --stage gauss3:variant=fast --stage box:variant=fast:radius=3"
s="--stage box:variant=fast:radius=5 --stage box:variant=fast:radius=8 --stage box:variant=fast:radius=12 --stage box:variant=fast:radius=16"
for round in 1 2 3; do for v in prev bin; do
  bn ${v}_$round .gpu/$v/filterlab gray8 8192x8192 $g; bn ${v}_$round .gpu/$v/filterlab rgba8 8192x8192 $s
  for z in 3840x2160 1920x1080 2560x1440; do bn ${v}_$round .gpu/$v/filterlab gray8 $z $s; bn ${v}_$round .gpu/$v/filterlab rgba8 $z $s; done
done; done
echo "bench done at $((SECONDS-start)) s" >> /tmp/o/summary.txt
cp /tmp/o/summary.txt "$OUT/"
tar czf "$OUT/logs.tar.gz" -C /tmp/o . 2>/dev/null
cat "$OUT/summary.txt"
