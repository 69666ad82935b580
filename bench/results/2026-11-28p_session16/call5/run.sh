#!/usr/bin/env bash
# Session 16, call 5: the steady path as it will be committed (F: slot-major ring, 32-bit offsets, predicated
# fetches, spare-slot reads, sobel ring of 3) and two trials on it: N (steady only for strips of 8 rows or more) and
# P (rgba8 3x3 morphology and box2x2 with 6 slots). F's strip GPU tests and racecheck / memcheck over the steady
# tests; base (49c339f), F, N, P alternated: three rounds at 8192x8192, two at 3840x2160 and 1920x1080.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT" /tmp/o
rm -rf .gpu/base .gpu/tF .gpu/tN .gpu/tP; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > /tmp/o/summary.txt
start=$SECONDS
pat='*StripSteady*:*StripTailTiers*:*FilledShortGrid*'
for f in gauss3 dilate3 erode3 dilate5 erode5 sobel box2x2; do pat="$pat:Registry/VariantAgreement.*/${f}_fast_*"; done
timeout 200 .gpu/tF/gpu_tests --gtest_brief=1 --gtest_filter="$pat" > /tmp/o/gpu_tests.log 2>&1
echo "gpu_tests (F) rc=$? in $((SECONDS-start)) s" >> /tmp/o/summary.txt
grep -E '^\[  (PASSED|FAILED|SKIPPED)|^\[ variants|FAILED' /tmp/o/gpu_tests.log | head -20 >> /tmp/o/summary.txt
OUT=/tmp/o/san TOOLS="racecheck memcheck" TOOL_TIMEOUT=90 bash scripts/sanitize_gpu_tests.sh .gpu/tF/gpu_tests \
  '*StripSteady*dilate5_gray8_default:*StripSteady*dilate5_rgba8_b64x2*:*StripSteady*sobel_gray8_default:*StripSteady*gauss3_gray8_b32x8*:*StripSteady*box2x2_rgba8_default' > /tmp/o/san.txt 2>&1
echo "sanitizers rc=$? at $((SECONDS-start)) s" >> /tmp/o/summary.txt; tail -5 /tmp/o/san.txt >> /tmp/o/summary.txt
bn() { local t=$1 x=$2 f=$3 s=$4; shift 4; timeout 60 $x bench --size $s --format $f "$@" --repeat 20 > /tmp/o/p_${t}_${f}_${s}.txt 2>&1; }
g="--stage gauss3:variant=fast --stage dilate3:variant=fast --stage dilate5:variant=fast --stage erode5:variant=fast --stage sobel:variant=fast --stage box2x2:variant=fast"
c="--stage gauss3:variant=fast --stage dilate3:variant=fast --stage dilate5:variant=fast --stage box2x2:variant=fast"
for round in 1 2 3; do for v in base tF tN tP; do
  bn ${v}_$round .gpu/$v/filterlab gray8 8192x8192 $g; bn ${v}_$round .gpu/$v/filterlab rgba8 8192x8192 $c
done; done
for round in 4 5; do for s in 3840x2160 1920x1080; do for v in base tF tN tP; do
  bn ${v}_$round .gpu/$v/filterlab gray8 $s $g; bn ${v}_$round .gpu/$v/filterlab rgba8 $s $c
done; done; done
echo "bench done at $((SECONDS-start)) s" >> /tmp/o/summary.txt
for f in /tmp/o/p_*.txt; do n=$(basename $f .txt); n=${n#p_}; awk -v n=$n '/^device/ {next} $NF ~ /^[0-9.]+$/ && NF > 8 {l=""; for (i = 3; i <= NF - 6; i++) l = l $i; print n, $1, $2, l, $(NF-3), $NF}' $f; done > /tmp/o/rows.txt
cp /tmp/o/summary.txt /tmp/o/rows.txt "$OUT/"
tar czf "$OUT/logs.tar.gz" -C /tmp/o . 2>/dev/null
cat "$OUT/summary.txt"
