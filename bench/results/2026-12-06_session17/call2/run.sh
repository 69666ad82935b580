#!/usr/bin/env bash
# Session 17, call 2 (call 1 ran the tests; its benches lacked libglfw): the ragged steady blocks (bin) against 2feee74 (prev). The steady, tier and agreement tests of
# the strip stencils and box fast with bin; racecheck and memcheck over eight chunk-row steady tests; prev and bin
# alternated, three rounds at 3840x2160 and 1920x1080 (ragged last block column in gray8), 4096x2160 (control: whole
# blocks) and 8192x8192 (no ragged column: must not lose), gray8 and rgba8.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT" /tmp/o
rm -rf .gpu/bin .gpu/prev; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > /tmp/o/summary.txt
start=$SECONDS
: # tests ran in call 1
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
# Where the launch's fixed cost might go: waves, active warps, DRAM busy over the kernel (bin, 8192x8192 gray8).
for st in box:variant=fast:radius=3 dilate5:variant=fast gauss3:variant=fast; do
  timeout 60 ncu --metrics gpu__time_duration.sum,launch__waves_per_multiprocessor,launch__grid_size,launch__occupancy_limit_registers,launch__occupancy_limit_shared_mem,sm__warps_active.avg.pct_of_peak_sustained_active,dram__throughput.avg.pct_of_peak_sustained_elapsed,sm__cycles_active.avg,sm__cycles_elapsed.avg,smsp__inst_executed.sum \
    -k regex:'BoxFast|StripKernel' -c 1 .gpu/bin/filterlab bench --size 8192x8192 --format gray8 --stage $st --repeat 1 --warmup 0 > /tmp/o/ncu_${st%%:*}.txt 2>&1
  echo "ncu $st: $(grep -E '^ +(gpu__|launch__|sm__|dram__|smsp__)' /tmp/o/ncu_${st%%:*}.txt | awk '{print $1, $NF}' | tr '\n' ' ')" >> /tmp/o/summary.txt
done
for f in /tmp/o/p_*.txt; do n=$(basename $f .txt); n=${n#p_}; awk -v n=$n '/^device/ {next} $NF ~ /^[0-9.]+$/ && NF > 8 {l=""; for (i = 3; i <= NF - 6; i++) l = l $i; print n, $1, $2, l, $(NF-3), $NF}' $f; done > /tmp/o/rows.txt
# mean % of copy per version, format, size and filter over the rounds
awk '{split($1, t, "_"); k = t[3] " " t[4] " " $2 ($2 == "box" ? "" : ""); key[k] = 1; s[t[1] " " k] += $NF; n[t[1] " " k]++}
     END {for (k in key) printf "%-28s prev %6.1f  bin %6.1f\n", k, s["prev " k] / n["prev " k], s["bin " k] / n["bin " k]}' /tmp/o/rows.txt | sort >> /tmp/o/summary.txt
cp /tmp/o/summary.txt /tmp/o/rows.txt "$OUT/"
tar czf "$OUT/logs.tar.gz" -C /tmp/o . 2>/dev/null
cat "$OUT/summary.txt"
