#!/usr/bin/env bash
# Session 15, call 2: the working tree after 502dbba with gauss tensor on gray8 radius 9..16 (a third k block in both
# passes). The gauss GPU tests (every variant: the new test cases radius 9 and 16), the strip-tier and launch tests;
# memcheck and racecheck over tensor gray8 at 17x13 and 3x2; tensor r9..16 against separable_fused at three sizes, a
# ppt sweep; tensor r <= 8 against 502dbba's binary (.gpu/base), alternated, three rounds.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT" /tmp/o
rm -rf .gpu/bin .gpu/base; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > /tmp/o/summary.txt
start=$SECONDS
timeout 200 $b/gpu_tests --gtest_brief=1 --gtest_filter='Registry/VariantAgreement.*gauss_*:StripKernels/*:*LaunchExtremes*gauss*:LessonClaims.*' > /tmp/o/gpu_tests.log 2>&1
echo "gpu_tests rc=$? in $((SECONDS-start)) s" >> /tmp/o/summary.txt
grep -E '^\[  (PASSED|FAILED|SKIPPED)|^\[ variants' /tmp/o/gpu_tests.log | head -20 >> /tmp/o/summary.txt
mkdir -p /tmp/o/san
OUT=/tmp/o/san TOOLS="memcheck racecheck" TOOL_TIMEOUT=60 timeout 150 bash scripts/sanitize_gpu_tests.sh $b/gpu_tests '*gauss_tensor_gray8_17x13*:*gauss_tensor_gray8_3x2*' > /tmp/o/san.txt 2>&1
echo "sanitize rc=$? at $((SECONDS-start)) s" >> /tmp/o/summary.txt; tail -4 /tmp/o/san.txt >> /tmp/o/summary.txt
bn() { # tag binary format size stages...
  local t=$1 x=$2 f=$3 s=$4; shift 4
  timeout 60 $x bench --size $s --format $f "$@" --repeat 20 > /tmp/o/p_${t}_${f}_${s}.txt 2>&1
}
st=""; for r in 9 10 12 14 16; do st="$st --stage gauss:variant=tensor:radius=$r:sigma=$((r/3)) --stage gauss:variant=separable_fused:radius=$r:sigma=$((r/3))"; done
for s in 8192x8192 3840x2160 1920x1080; do bn big $b/filterlab gray8 $s $st; done
st=""; for r in 12 16; do for p in 64 128 256; do st="$st --stage gauss:variant=tensor:radius=$r:sigma=$((r/3)):ppt=$p"; done; done
bn ppt $b/filterlab gray8 8192x8192 $st
bn ppt $b/filterlab gray8 3840x2160 $st
g=""; for r in 1 2 4 8; do g="$g --stage gauss:variant=tensor:radius=$r:sigma=$((r/2+1))"; done
c=""; for r in 2 4 6 8; do c="$c --stage gauss:variant=tensor:radius=$r:sigma=$((r/2+1))"; done
for round in 1 2 3; do for s in 8192x8192 3840x2160; do for v in base bin; do
  bn ${v}_$round .gpu/$v/filterlab gray8 $s $g; bn ${v}_$round .gpu/$v/filterlab rgba8 $s $c
done; done; done
echo "all done at $((SECONDS-start)) s" >> /tmp/o/summary.txt
for f in /tmp/o/p_*.txt; do n=$(basename $f .txt); n=${n#p_}; awk -v n=$n '/^device/ {next} $NF ~ /^[0-9.]+$/ && NF > 8 {l=""; for (i = 3; i <= NF - 6; i++) l = l $i; print n, $1, $2, l, $(NF-3), $NF}' $f; done > /tmp/o/rows.txt
grep -ih "error\|refused" /tmp/o/p_*.txt | head -5 >> /tmp/o/summary.txt
cp /tmp/o/summary.txt /tmp/o/rows.txt "$OUT/"
tar czf "$OUT/logs.tar.gz" -C /tmp/o . 2>/dev/null
cat "$OUT/summary.txt"; grep -E "^big_gray8_8192|^ppt_gray8_8192" "$OUT/rows.txt"
