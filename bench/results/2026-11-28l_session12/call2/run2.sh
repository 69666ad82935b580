#!/usr/bin/env bash
# Session 12, call 2: gauss tensor's staged ring deeper. filterlab = HEAD (8 slots, a barrier per 2 steps: 4 slots in
# flight), fl_S16 = 16 slots (12 in flight), fl_S16B4 = 16 slots, a barrier per 4 steps (8 in flight); rows per
# warp 128..1024, gray8 r4 / r8 at three sizes, rgba8 r4 at 8192x8192; three rounds. ncu metrics of two launches.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
g=""; for r in 4 8; do for p in 128 256 384 512 1024; do g="$g --stage gauss:variant=tensor:radius=$r:ppt=$p"; done; done
c=""; for p in 192 256 384 512; do c="$c --stage gauss:variant=tensor:radius=4:ppt=$p"; done
for round in 1 2 3; do
  for bin in filterlab fl_S16 fl_S16B4; do
    for s in 8192x8192 16384x16384 4096x4096; do
      timeout 60 $b/$bin bench --size $s --format gray8 $g --repeat 30 > /tmp/p_${bin}_${s}_$round.txt 2>&1
    done
    timeout 60 $b/$bin bench --size 8192x8192 --format rgba8 $c --repeat 30 > /tmp/p_${bin}c_8192x8192_$round.txt 2>&1
  done
done
cat /tmp/p_*.txt | gzip -9 > "$OUT/bench_all.txt.gz"
for f in /tmp/p_*.txt; do n=$(basename $f .txt); n=${n#p_}; n=${n%_*}; awk -v n=$n '/^device/ {next} $NF ~ /^[0-9.]+$/ && NF > 8 {l=""; for (i = 3; i <= NF - 6; i++) l = l $i; print n, $1, $2, l, $(NF-3), $NF}' $f; done > "$OUT/rows.txt"
m="gpu__time_duration.sum,smsp__inst_executed.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed"
m="$m,smsp__issue_active.avg.per_cycle_active,sm__warps_active.avg.per_cycle_active"
m="$m,smsp__average_warps_issue_stalled_barrier_per_issue_active.ratio,smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio"
m="$m,smsp__average_warps_issue_stalled_wait_per_issue_active.ratio,smsp__average_warps_issue_stalled_math_pipe_throttle_per_issue_active.ratio"
for bin in filterlab fl_S16; do
  timeout 100 ncu --clock-control none --metrics "$m" -k "regex:GaussTensor" -c 3 $b/$bin bench --size 8192x8192 --format gray8 \
    --stage gauss:variant=tensor:radius=4:ppt=128 --stage gauss:variant=tensor:radius=4:ppt=512 --stage gauss:variant=tensor:radius=4:ppt=1024 \
    --repeat 1 --warmup 0 > "$OUT/ncu_$bin.txt" 2>&1
  echo "ncu $bin rc=$?" >> "$OUT/summary.txt"
done
tail -3 "$OUT/summary.txt"
