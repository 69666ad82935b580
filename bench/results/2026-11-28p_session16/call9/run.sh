#!/usr/bin/env bash
# Session 16, call 9: trial (bin): box fast's own warps (radius 1 to 4) take the steady blocks too: rows at 32-bit
# offsets, fetches predicated, no clamp or range branch per row, unconditional stores. Against eacb8b4 (prev). The box
# GPU tests (steady, tier and agreement cases) with the trial; racecheck and memcheck over four steady box tests; box
# r1..r4 alternated, three rounds at 8192x8192, two at 3840x2160; ncu instruction counts of box r3 and r4.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT" /tmp/o
rm -rf .gpu/bin .gpu/prev; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > /tmp/o/summary.txt
start=$SECONDS
timeout 200 .gpu/bin/gpu_tests --gtest_brief=1 --gtest_filter='*StripSteady*:*StripTailTiers*box*:Registry/VariantAgreement.*/box_fast_*:*LaunchExtremes*box_fast*' > /tmp/o/gpu_tests.log 2>&1
echo "gpu_tests rc=$? in $((SECONDS-start)) s" >> /tmp/o/summary.txt
grep -E '^\[  (PASSED|FAILED|SKIPPED)|^\[ variants|FAILED' /tmp/o/gpu_tests.log | head -20 >> /tmp/o/summary.txt
OUT=/tmp/o/san TOOLS="racecheck memcheck" TOOL_TIMEOUT=60 bash scripts/sanitize_gpu_tests.sh .gpu/bin/gpu_tests \
  '*StripSteady*box_r3_gray8_default:*StripSteady*box_r4_rgba8_b64x2*:*StripSteady*box_r1_gray8_b32x8*:*StripSteady*box_r2_rgba8_b128x1*' > /tmp/o/san.txt 2>&1
echo "sanitizers rc=$? at $((SECONDS-start)) s" >> /tmp/o/summary.txt; tail -5 /tmp/o/san.txt >> /tmp/o/summary.txt
grep -h "tests from" /tmp/o/san/sanitizer/*.tests.txt >> /tmp/o/summary.txt 2>/dev/null
bn() { local t=$1 x=$2 f=$3 s=$4; shift 4; timeout 60 $x bench --size $s --format $f "$@" --repeat 20 > /tmp/o/p_${t}_${f}_${s}.txt 2>&1; }
g=""; for r in 1 2 3 4; do g="$g --stage box:variant=fast:radius=$r"; done
for round in 1 2 3; do for v in prev bin; do
  bn ${v}_$round .gpu/$v/filterlab gray8 8192x8192 $g; bn ${v}_$round .gpu/$v/filterlab rgba8 8192x8192 $g
done; done
for round in 4 5; do for v in prev bin; do
  bn ${v}_$round .gpu/$v/filterlab gray8 3840x2160 $g; bn ${v}_$round .gpu/$v/filterlab rgba8 3840x2160 $g
done; done
echo "bench done at $((SECONDS-start)) s" >> /tmp/o/summary.txt
for v in prev bin; do for r in 3 4; do
  timeout 60 ncu --metrics smsp__inst_executed.sum,gpu__time_duration.sum,smsp__issue_active.avg.per_cycle_active,launch__registers_per_thread -k regex:BoxFast -c 1 \
    .gpu/$v/filterlab bench --size 8192x8192 --format gray8 --stage box:variant=fast:radius=$r --repeat 1 --warmup 0 > /tmp/o/ncu_${v}_r$r.txt 2>&1
  echo "ncu $v r$r: $(grep -E 'inst_executed.sum|duration.sum|issue_active|registers' /tmp/o/ncu_${v}_r$r.txt | awk '{print $1, $(NF)}' | tr '\n' ' ')" >> /tmp/o/summary.txt
done; done
for f in /tmp/o/p_*.txt; do n=$(basename $f .txt); n=${n#p_}; awk -v n=$n '/^device/ {next} $NF ~ /^[0-9.]+$/ && NF > 8 {l=""; for (i = 3; i <= NF - 6; i++) l = l $i; print n, $1, $2, l, $(NF-3), $NF}' $f; done > /tmp/o/rows.txt
cp /tmp/o/summary.txt /tmp/o/rows.txt "$OUT/"
tar czf "$OUT/logs.tar.gz" -C /tmp/o . 2>/dev/null
cat "$OUT/summary.txt"
