#!/usr/bin/env bash
# Session 16, call 7: eacb8b4. The suite and the peers (docs/PERFORMANCE.md); the strip stencils alternated with
# 49c339f (base) and with call 5's trial P (the committed design before Extend was reused), three rounds at
# 8192x8192 and two at 3840x2160; ncu instruction counts of dilate5, sobel and gauss3.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT" /tmp/o
rm -rf .gpu/bin .gpu/tP .gpu/base; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > /tmp/o/summary.txt
start=$SECONDS
OUT="$OUT" bash bench/run_suite.sh run > /tmp/o/suite_run.txt 2>&1; echo "suite rc=$? in $((SECONDS-start)) s" >> /tmp/o/summary.txt
bn() { local t=$1 x=$2 f=$3 s=$4; shift 4; timeout 60 $x bench --size $s --format $f "$@" --repeat 20 > /tmp/o/p_${t}_${f}_${s}.txt 2>&1; }
g="--stage gauss3:variant=fast --stage dilate3:variant=fast --stage dilate5:variant=fast --stage erode5:variant=fast --stage sobel:variant=fast --stage box2x2:variant=fast"
c="--stage gauss3:variant=fast --stage dilate3:variant=fast --stage dilate5:variant=fast --stage box2x2:variant=fast"
for round in 1 2 3; do for v in base tP bin; do
  bn ${v}_$round .gpu/$v/filterlab gray8 8192x8192 $g; bn ${v}_$round .gpu/$v/filterlab rgba8 8192x8192 $c
done; done
for round in 4 5; do for v in base tP bin; do
  bn ${v}_$round .gpu/$v/filterlab gray8 3840x2160 $g; bn ${v}_$round .gpu/$v/filterlab rgba8 3840x2160 $c
done; done
echo "bench done at $((SECONDS-start)) s" >> /tmp/o/summary.txt
for st in dilate5 sobel gauss3; do
  timeout 60 ncu --metrics smsp__inst_executed.sum,gpu__time_duration.sum,smsp__issue_active.avg.per_cycle_active,launch__registers_per_thread -k regex:StripKernel -c 1 \
    .gpu/bin/filterlab bench --size 8192x8192 --format gray8 --stage $st:variant=fast --repeat 1 --warmup 0 > /tmp/o/ncu_bin_$st.txt 2>&1
  echo "ncu bin $st: $(grep -E 'inst_executed.sum|duration.sum|issue_active|registers' /tmp/o/ncu_bin_$st.txt | awk '{print $1, $(NF)}' | tr '\n' ' ')" >> /tmp/o/summary.txt
done
for f in /tmp/o/p_*.txt; do n=$(basename $f .txt); n=${n#p_}; awk -v n=$n '/^device/ {next} $NF ~ /^[0-9.]+$/ && NF > 8 {l=""; for (i = 3; i <= NF - 6; i++) l = l $i; print n, $1, $2, l, $(NF-3), $NF}' $f; done > /tmp/o/rows.txt
cp /tmp/o/summary.txt /tmp/o/rows.txt "$OUT/"
tar czf "$OUT/logs.tar.gz" -C /tmp/o . 2>/dev/null
cat "$OUT/summary.txt"
