#!/usr/bin/env bash
# Session 13, call 2: box fast radius 5..16 with two warps sharing one ring (trial switch FL_TRIAL_PAIR=1) against
# the same binary without it, alternated, three rounds, four sizes; box GPU tests with the switch on; ncu of r16.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
FL_TRIAL_PAIR=1 timeout 150 $b/gpu_tests --gtest_filter='*box*:*Box*' > /tmp/gt.txt 2>&1; echo "gpu_tests (pair) rc=$?" >> "$OUT/summary.txt"
grep -E "^\[  PASSED|^\[  FAILED|tests ran|SKIPPED \] [0-9]" /tmp/gt.txt >> "$OUT/summary.txt"; gzip -9c /tmp/gt.txt > "$OUT/gpu_tests.txt.gz"
g=""; for r in 5 8 12 16; do g="$g --stage box:variant=fast:radius=$r"; done
for round in 1 2 3; do
  for s in 8192x8192 4096x4096 3840x2160 1920x1080; do
    for v in 0 1; do

      FL_TRIAL_PAIR=$v timeout 60 $b/filterlab bench --size $s --format gray8 $g --repeat 30 > /tmp/p_pair${v}_${s}_$round.txt 2>&1
    done
  done
done
for v in 0 1; do for ppt in 16 32 64; do
  FL_TRIAL_PAIR=$v timeout 60 $b/filterlab bench --size 8192x8192 --format gray8 --stage box:variant=fast:radius=16:ppt=$ppt \
    --stage box:variant=fast:radius=8:ppt=$ppt --repeat 30 > /tmp/p_ppt${ppt}pair${v}_8192x8192_1.txt 2>&1
done; done
cat /tmp/p_*.txt | gzip -9 > "$OUT/bench_all.txt.gz"
for f in /tmp/p_*.txt; do n=$(basename $f .txt); n=${n#p_}; n=${n%_*}; awk -v n=$n '/^device/ {next} $NF ~ /^[0-9.]+$/ && NF > 8 {l=""; for (i = 3; i <= NF - 6; i++) l = l $i; print n, $1, $2, l, $(NF-3), $NF}' $f; done > "$OUT/rows.txt"
m="gpu__time_duration.sum,smsp__inst_executed.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,smsp__issue_active.avg.per_cycle_active"
m="$m,sm__warps_active.avg.per_cycle_active,smsp__average_warps_issue_stalled_wait_per_issue_active.ratio,smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio,smsp__average_warps_issue_stalled_barrier_per_issue_active.ratio,smsp__average_warps_issue_stalled_short_scoreboard_per_issue_active.ratio"
for v in 0 1; do
  FL_TRIAL_PAIR=$v timeout 60 ncu --clock-control none --metrics "$m" -k "regex:BoxFast" -c 1 $b/filterlab bench --size 8192x8192 --format gray8 \
    --stage box:variant=fast:radius=16 --repeat 1 --warmup 0 > "$OUT/ncu_pair$v.txt" 2>&1
done
tail -5 "$OUT/summary.txt"
