#!/usr/bin/env bash
# Session 16, call 2: why the steady path (trial A, call 1) ran slower with fewer instructions. ncu stall reasons
# and per-instruction samples of A's dilate5 and gauss3; trials B (predicated fetches, no overrun), C (slot-major
# ring) against 49c339f (base), alternated, two rounds.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT" /tmp/o
rm -rf .gpu/base .gpu/tA .gpu/tB .gpu/tC .gpu/tD; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > /tmp/o/summary.txt
start=$SECONDS
bn() { local t=$1 x=$2 f=$3 s=$4; shift 4; timeout 60 $x bench --size $s --format $f "$@" --repeat 20 > /tmp/o/p_${t}_${f}_${s}.txt 2>&1; }
g="--stage gauss3:variant=fast --stage dilate3:variant=fast --stage dilate5:variant=fast --stage sobel:variant=fast"
for round in 1 2; do for v in base tA tB tC tD; do
  bn ${v}_$round .gpu/$v/filterlab gray8 8192x8192 $g
done; done
echo "bench done at $((SECONDS-start)) s" >> /tmp/o/summary.txt
for st in dilate5 gauss3; do
  timeout 120 ncu --section WarpStateStats --section SchedulerStats --section MemoryWorkloadAnalysis --section Occupancy --section LaunchStats -k regex:StripKernel -c 1 \
    .gpu/tA/filterlab bench --size 8192x8192 --format gray8 --stage $st:variant=fast --repeat 1 --warmup 0 > /tmp/o/ncu_tA_$st.txt 2>&1
done
timeout 120 ncu --section SourceCounters --import-source no --page source --print-source sass -c 1 -k regex:StripKernel \
  .gpu/tA/filterlab bench --size 8192x8192 --format gray8 --stage dilate5:variant=fast --repeat 1 --warmup 0 > /tmp/o/tA_dilate5_sass.txt 2>&1
gzip -9 /tmp/o/tA_dilate5_sass.txt
echo "ncu done at $((SECONDS-start)) s" >> /tmp/o/summary.txt
for f in /tmp/o/p_*.txt; do n=$(basename $f .txt); n=${n#p_}; awk -v n=$n '/^device/ {next} $NF ~ /^[0-9.]+$/ && NF > 8 {l=""; for (i = 3; i <= NF - 6; i++) l = l $i; print n, $1, $2, l, $(NF-3), $NF}' $f; done > /tmp/o/rows.txt
cp /tmp/o/summary.txt /tmp/o/rows.txt /tmp/o/ncu_tA_*.txt /tmp/o/tA_dilate5_sass.txt.gz "$OUT/"
cat "$OUT/summary.txt"
