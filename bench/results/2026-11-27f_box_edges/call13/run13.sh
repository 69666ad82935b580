#!/usr/bin/env bash
# Session 2026-11-27f, call 13 (trial: 3bab858 + wave_only_trial.diff, FL_WAVE=1: equal strips as tall as make one
# wave of resident blocks, no tail): why are tall strips slow? ncu metrics at full clocks of dilate5 and gauss3,
# default against FL_WAVE=1.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
m=gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sector_hit_rate.pct,lts__t_sectors_srcunit_tex_op_read.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,sm__warps_active.avg.pct_of_peak_sustained_active,smsp__issue_active.avg.pct_of_peak_sustained_active,launch__grid_size,smsp__warps_issue_stalled_long_scoreboard_per_issue_active.ratio
for f in dilate5 gauss3; do for w in 0 1; do
  FL_WAVE=$w timeout 60 ncu --clock-control none --metrics $m -k "regex:StripKernel" -c 1 $b/filterlab bench --size 8192x8192 --format gray8 --stage $f:variant=fast --repeat 1 --warmup 0 > "$OUT/ncu_${f}_wave$w.txt" 2>&1
  echo "== $f FL_WAVE=$w rc=$?" >> "$OUT/summary.txt"
  grep -E "^\s+(gpu__|dram__|lts__|sm__|smsp__|launch__)" "$OUT/ncu_${f}_wave$w.txt" >> "$OUT/summary.txt"
done; done
cat "$OUT/summary.txt"
