#!/usr/bin/env bash
# Session 14, call 4: 8f345d7. The suite and the peers; ncu of box fast rgba8 radius 8 and 16 and gray8 radius 16.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
start=$SECONDS
bash bench/run_suite.sh run > /tmp/suite_run.txt 2>&1
echo "suite rc=$? in $((SECONDS-start)) s" >> "$OUT/summary.txt"
m="gpu__time_duration.sum,smsp__inst_executed.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,smsp__issue_active.avg.per_cycle_active"
m="$m,sm__warps_active.avg.per_cycle_active,smsp__average_warps_issue_stalled_wait_per_issue_active.ratio,smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio,smsp__average_warps_issue_stalled_barrier_per_issue_active.ratio,smsp__average_warps_issue_stalled_short_scoreboard_per_issue_active.ratio,lts__t_sectors_srcunit_tex_op_read.sum,dram__bytes_read.sum,dram__bytes_write.sum"
for spec in rgba8:16 rgba8:8 gray8:16; do
  f=${spec%:*}; r=${spec#*:}
  timeout 60 ncu --clock-control none --metrics "$m" -k "regex:BoxFast" -c 1 $b/filterlab bench --size 8192x8192 --format $f \
    --stage box:variant=fast:radius=$r --repeat 1 --warmup 0 > "$OUT/ncu_${f}_r$r.txt" 2>&1
  echo "ncu $spec rc=$?" >> "$OUT/summary.txt"
done
rm -f "$OUT/suite.err"
tar czf "$OUT/logs.tar.gz" -C /tmp suite_run.txt 2>/dev/null
cat "$OUT/summary.txt"; grep -E "^box " "$OUT/suite.txt" | grep -E " fast " | cut -c1-150
