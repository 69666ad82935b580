#!/usr/bin/env bash
# Session 17, call 6: lanes past the row made by shuffle in the general path and box fast (bin) against 2feee74 (prev). The steady, tier and agreement tests of
# the strip stencils and box fast with bin; racecheck and memcheck over eight chunk-row steady tests; prev and bin
# alternated, three rounds at 3840x2160 and 1920x1080 (ragged last block column in gray8), 4096x2160 (control: whole
# blocks) and 8192x8192 (no ragged column: must not lose), gray8 and rgba8.
set -u
: "${OUT:=/tmp/out}"; rm -rf /tmp/o; mkdir -p "$OUT" /tmp/o
rm -rf .gpu/bin .gpu/prev; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > /tmp/o/summary.txt
start=$SECONDS
timeout 150 .gpu/bin/gpu_tests --gtest_brief=1 --gtest_filter='*StripSteady*:*StripTailTiers*:Registry/VariantAgreement.*/*_fast_*' > /tmp/o/gpu_tests.log 2>&1
echo "gpu_tests rc=$? in $((SECONDS-start)) s" >> /tmp/o/summary.txt
grep -E '^\[  (PASSED|FAILED|SKIPPED)|^\[ variants|FAILED' /tmp/o/gpu_tests.log | head -20 >> /tmp/o/summary.txt
OUT=/tmp/o/san TOOLS="racecheck memcheck" TOOL_TIMEOUT=60 bash scripts/sanitize_gpu_tests.sh .gpu/bin/gpu_tests \
  '*StripSteady*dilate5_gray8_default_chunk_short:*StripSteady*dilate5_rgba8_b64x2_ppt9_chunk_past:*StripSteady*sobel_gray8_b128x1_ppt16_chunk_short:*StripSteady*gauss3_gray8_b64x2_ppt9_chunk_short:*StripSteady*box_r3_gray8_default_chunk_short:*StripSteady*box_r4_rgba8_b64x2_ppt9_chunk_past:*StripSteady*box_r1_gray8_b128x1_ppt16_chunk_short:*StripSteady*box2x2_rgba8_b32x8_ppt4_chunk_past' > /tmp/o/san.txt 2>&1
echo "sanitizers rc=$? at $((SECONDS-start)) s" >> /tmp/o/summary.txt; tail -5 /tmp/o/san.txt >> /tmp/o/summary.txt
grep -h "tests from" /tmp/o/san/sanitizer/*.tests.txt >> /tmp/o/summary.txt 2>/dev/null
bn() { local t=$1 x=$2 f=$3 s=$4; shift 4; timeout 60 $x bench --size $s --format $f "$@" --repeat 20 > /tmp/o/p_${t}_${f}_${s}.txt 2>&1; }
g="--stage gauss3:variant=fast --stage dilate3:variant=fast --stage dilate5:variant=fast --stage sobel:variant=fast --stage box2x2:variant=fast --stage box:variant=fast:radius=3"
c="--stage gauss3:variant=fast --stage dilate3:variant=fast --stage dilate5:variant=fast --stage box2x2:variant=fast --stage box:variant=fast:radius=3"
for round in 1 2 3; do for v in prev bin; do for s in 3840x2160 1920x1080 4096x2160; do
  bn ${v}_$round .gpu/$v/filterlab gray8 $s $g; bn ${v}_$round .gpu/$v/filterlab rgba8 $s $c
done; done; done
for round in 1 2; do for v in prev bin; do
  bn ${v}_$round .gpu/$v/filterlab gray8 8192x8192 $g; bn ${v}_$round .gpu/$v/filterlab rgba8 8192x8192 $c
done; done
echo "bench done at $((SECONDS-start)) s" >> /tmp/o/summary.txt
# The busiest SM against the mean at 3840x2160 (call 4: 14891 against 10750 active cycles for gauss3 with prev's code)
for v in prev bin; do for st in gauss3:variant=fast box:variant=fast:radius=3; do
  timeout 60 ncu --metrics gpu__time_duration.sum,sm__cycles_active.max,sm__cycles_active.avg,smsp__inst_executed.sum \
    -k regex:'BoxFast|StripKernel' -c 1 .gpu/$v/filterlab bench --size 3840x2160 --format gray8 --stage $st --repeat 1 --warmup 0 > /tmp/o/ncu_${v}_${st%%:*}.txt 2>&1
  echo "ncu $v $st 3840x2160: $(grep -E '^ +(gpu__|sm__|smsp__)' /tmp/o/ncu_${v}_${st%%:*}.txt | awk '{print $1, $NF}' | tr '\n' ' ')" >> /tmp/o/summary.txt
done; done
for f in /tmp/o/p_*.txt; do n=$(basename $f .txt); n=${n#p_}; awk -v n=$n '/^device/ {next} $NF ~ /^[0-9.]+$/ && NF > 8 {l=""; for (i = 3; i <= NF - 6; i++) l = l $i; print n, $1, $2, l, $(NF-3), $NF}' $f; done > /tmp/o/rows.txt
# mean % of copy per version, format, size and filter over the rounds
awk '{split($1, t, "_"); k = t[3] " " t[4] " " $2 ($2 == "box" ? "" : ""); key[k] = 1; s[t[1] " " k] += $NF; n[t[1] " " k]++}
     END {for (k in key) printf "%-28s prev %6.1f  bin %6.1f\n", k, s["prev " k] / n["prev " k], s["bin " k] / n["bin " k]}' /tmp/o/rows.txt | sort >> /tmp/o/summary.txt
cp /tmp/o/summary.txt /tmp/o/rows.txt "$OUT/"
tar czf "$OUT/logs.tar.gz" -C /tmp/o . 2>/dev/null
cat "$OUT/summary.txt"
