#!/usr/bin/env bash
# Session 15, call 8: trial (not committed unless it measures faster): gauss tensor's row bias held in a register
# quad across the loop as the first mma's accumulator operand, instead of being rebuilt (an LDC and 7 moves) every
# step. The tensor GPU tests with the trial; tensor gray8 r2 / 4 / 8 / 12 and rgba8 r2 / 4 / 6 / 8 against 9aa87b3
# (.gpu/base), alternated, three rounds, at 8192x8192 and 3840x2160; cuobjdump of the trial's step loop.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT" /tmp/o
rm -rf .gpu/bin .gpu/base; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > /tmp/o/summary.txt
start=$SECONDS
timeout 150 $b/gpu_tests --gtest_brief=1 --gtest_filter='Registry/VariantAgreement.*gauss_tensor*:StripKernels/*gauss*:*LaunchExtremes*gauss_tensor*' > /tmp/o/gpu_tests.log 2>&1
echo "gpu_tests rc=$? in $((SECONDS-start)) s" >> /tmp/o/summary.txt
grep -E '^\[  (PASSED|FAILED|SKIPPED)|^\[ variants' /tmp/o/gpu_tests.log | head -8 >> /tmp/o/summary.txt
bn() { local t=$1 x=$2 f=$3 s=$4; shift 4; timeout 60 $x bench --size $s --format $f "$@" --repeat 20 > /tmp/o/p_${t}_${f}_${s}.txt 2>&1; }
g=""; for r in 2 4 8 12; do g="$g --stage gauss:variant=tensor:radius=$r:sigma=$((r/2+1))"; done
c=""; for r in 2 4 6 8; do c="$c --stage gauss:variant=tensor:radius=$r:sigma=$((r/2+1))"; done
for round in 1 2 3; do for s in 8192x8192 3840x2160; do for v in base bin; do
  bn ${v}_$round .gpu/$v/filterlab gray8 $s $g; bn ${v}_$round .gpu/$v/filterlab rgba8 $s $c
done; done; done
echo "bench done at $((SECONDS-start)) s" >> /tmp/o/summary.txt
for x in bin base; do
  cuobjdump -sass -fun '.*GaussTensorStagedINS0_6tensor8RowShapeILi1ELi2ELi2EEELb1.*' .gpu/$x/filterlab 2>/dev/null | grep -E "HMMA|MOV|LDC" | head -80 > /tmp/o/sass_$x.txt
  echo "sass $x: $(grep -c HMMA /tmp/o/sass_$x.txt) HMMA, $(grep -c 'MOV' /tmp/o/sass_$x.txt) MOV, $(grep -c LDC /tmp/o/sass_$x.txt) LDC" >> /tmp/o/summary.txt
done
for f in /tmp/o/p_*.txt; do n=$(basename $f .txt); n=${n#p_}; awk -v n=$n '/^device/ {next} $NF ~ /^[0-9.]+$/ && NF > 8 {l=""; for (i = 3; i <= NF - 6; i++) l = l $i; print n, $1, $2, l, $(NF-3), $NF}' $f; done > /tmp/o/rows.txt
cp /tmp/o/summary.txt /tmp/o/rows.txt "$OUT/"
tar czf "$OUT/logs.tar.gz" -C /tmp/o . 2>/dev/null
cat "$OUT/summary.txt"
