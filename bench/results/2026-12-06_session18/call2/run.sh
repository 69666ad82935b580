#!/usr/bin/env bash
# Session 18, call 2: box fast's steady path for overlapping warps (radius 5..16; bin, 2a6d3cd) against f05db82 (prev).
# The steady, tier and box fast tests; racecheck and memcheck over three new steady cases; prev and bin alternated,
# three rounds: box radius 5, 8, 12, 16 at 8192x8192 (gray8, rgba8), 3840x2160 and 1920x1080, and the strip stencils
# as a control (their once-per-block steady test was rewritten; their loops are unchanged in SASS); ncu of radius 16.
set -u
: "${OUT:=/tmp/out}"; rm -rf /tmp/o; mkdir -p "$OUT" /tmp/o
rm -rf .gpu/bin .gpu/prev; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > /tmp/o/summary.txt
start=$SECONDS
timeout 200 .gpu/bin/gpu_tests --gtest_brief=1 --gtest_filter='*StripSteady*:*StripTailTiers*:*box_fast*:*BoxFast*' > /tmp/o/gpu_tests.log 2>&1
echo "gpu_tests rc=$? in $((SECONDS-start)) s" >> /tmp/o/summary.txt
grep -E '^\[  (PASSED|FAILED|SKIPPED)|FAILED' /tmp/o/gpu_tests.log | head -30 >> /tmp/o/summary.txt
OUT=/tmp/o/san TOOLS="racecheck memcheck" TOOL_TIMEOUT=60 bash scripts/sanitize_gpu_tests.sh .gpu/bin/gpu_tests \
  '*StripSteady*box_r16_gray8_default:*StripSteady*box_r5_rgba8_b64x2_ppt9:*StripSteady*box_r8_gray8_default_chunk_short:*StripSteady*box_r16_rgba8_b128x1_ppt16' > /tmp/o/san.txt 2>&1
echo "sanitizers rc=$? at $((SECONDS-start)) s" >> /tmp/o/summary.txt; tail -5 /tmp/o/san.txt >> /tmp/o/summary.txt
grep -h "tests from" /tmp/o/san/sanitizer/*.tests.txt >> /tmp/o/summary.txt 2>/dev/null
bn() { local t=$1 x=$2 f=$3 s=$4; shift 4; timeout 60 $x bench --size $s --format $f "$@" --repeat 30 > /tmp/o/p_${t}_${f}_${s}.txt 2>&1; }
g="--stage box:variant=fast:radius=5 --stage box:variant=fast:radius=8 --stage box:variant=fast:radius=12 --stage box:variant=fast:radius=16 --stage gauss3:variant=fast --stage dilate5:variant=fast --stage sobel:variant=fast --stage box:variant=fast:radius=3"
c="--stage box:variant=fast:radius=5 --stage box:variant=fast:radius=8 --stage box:variant=fast:radius=16 --stage dilate5:variant=fast --stage box:variant=fast:radius=3"
s="--stage box:variant=fast:radius=5 --stage box:variant=fast:radius=8 --stage box:variant=fast:radius=16 --stage gauss3:variant=fast"
for round in 1 2 3; do for v in prev bin; do
  bn ${v}_$round .gpu/$v/filterlab gray8 8192x8192 $g; bn ${v}_$round .gpu/$v/filterlab rgba8 8192x8192 $c
  bn ${v}_$round .gpu/$v/filterlab gray8 3840x2160 $s; bn ${v}_$round .gpu/$v/filterlab gray8 1920x1080 $s
  bn ${v}_$round .gpu/$v/filterlab rgba8 3840x2160 $s
done; done
echo "bench done at $((SECONDS-start)) s" >> /tmp/o/summary.txt
for v in prev bin; do for r in 8 16; do
  timeout 60 ncu --metrics gpu__time_duration.sum,smsp__inst_executed.sum,sm__warps_active.avg.pct_of_peak_sustained_active,smsp__issue_active.avg.pct_of_peak_sustained_active,dram__throughput.avg.pct_of_peak_sustained_elapsed \
    -k regex:BoxFast -c 1 .gpu/$v/filterlab bench --size 8192x8192 --format gray8 --stage box:variant=fast:radius=$r --repeat 1 --warmup 0 > /tmp/o/ncu_${v}_r$r.txt 2>&1
  echo "ncu $v r$r: $(grep -E '^ +(gpu__|sm__|smsp__|dram__)' /tmp/o/ncu_${v}_r$r.txt | awk '{print $1, $NF}' | tr '\n' ' ')" >> /tmp/o/summary.txt
done; done
echo "ncu done at $((SECONDS-start)) s" >> /tmp/o/summary.txt
cp /tmp/o/summary.txt "$OUT/"
tar czf "$OUT/logs.tar.gz" -C /tmp/o . 2>/dev/null
cat "$OUT/summary.txt"
