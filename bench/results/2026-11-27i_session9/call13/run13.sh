#!/usr/bin/env bash
# Session 9, call 13: box fast radius 1 and 2 at 32 rows per thread (N, trial on d8f8ff6) against d8f8ff6 (base:
# 16 rows), both with quarter-height tails, at 1920x1080 and 2048 .. 16384 squared, alternated, three rounds; then
# ncu at full clocks of base's box radius 3 and 4 (32 rows) and sobel: what holds them now.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
st="--stage box:variant=fast:radius=1 --stage box:variant=fast:radius=2"
for round in 1 2 3; do for n in 1920x1080 2048 4096 8192 16384; do for v in base N; do
  $b/fl_$v bench --size $(case $n in *x*) echo $n;; *) echo ${n}x${n};; esac) --format gray8 $st --repeat 30 > /tmp/b_${v}_${n}_$round.txt 2>&1
done; done; done
cat /tmp/b_*.txt | gzip -9 > "$OUT/bench_all.txt.gz"
echo "size stage base N (mean % of copy, three rounds; ms for 1920x1080)" >> "$OUT/summary.txt"
for n in 1920x1080 2048 4096 8192 16384; do
  awk -v n=$n '$1 == "box" {v = (FILENAME ~ /b_base_/) ? "base" : "N"; k = $1 " " $2; s[k, v] += $NF; m[k, v] += $(NF-3); c[k, v]++; keys[k] = 1} END {for (k in keys) printf "%s %s %.1f %.1f (ms %.4f %.4f)\n", n, k, s[k, "base"] / c[k, "base"], s[k, "N"] / c[k, "N"], m[k, "base"] / c[k, "base"], m[k, "N"] / c[k, "N"]}' /tmp/b_*_${n}_*.txt | sort -k2,2 -k3,3V
done >> "$OUT/summary.txt"
m="smsp__inst_executed.sum,smsp__issue_active.avg.per_cycle_active,smsp__warps_active.avg.per_cycle_active,smsp__warps_eligible.avg.per_cycle_active"
m="$m,dram__throughput.avg.pct_of_peak_sustained_elapsed,lts__t_sectors.avg.pct_of_peak_sustained_elapsed,gpu__time_duration.sum"
m="$m,regex:smsp__average_warps_issue_stalled_.*_per_issue_active.ratio,regex:sm__inst_executed_pipe_(alu|fma|fmaheavy|lsu|xu).avg.pct_of_peak_sustained_active"
timeout 150 ncu --clock-control none --metrics "$m" -k "regex:StripKernel|BoxFast" -c 3 $b/fl_base bench --size 8192x8192 --format gray8 --stage box:variant=fast:radius=3 --stage box:variant=fast:radius=4 --stage sobel:variant=fast --repeat 1 --warmup 0 > "$OUT/metrics.txt" 2>&1
echo "ncu rc=$?" >> "$OUT/summary.txt"
awk '/^  [a-z]/{print substr($0,1,60)} /pct_of_peak|per_issue_active|inst_executed.sum |per_cycle_active|duration/{ if ($NF+0 >= 0.3) {n=$1; sub(/.*sm__inst_executed_pipe_/,"pipe ",n); sub(/smsp__average_warps_issue_stalled_/,"stall ",n); sub(/_per_issue_active.ratio/,"",n); sub(/.avg.pct_of_peak_sustained_active/,"",n); printf "   %-40s %s\n", n, $NF}}' "$OUT/metrics.txt" >> "$OUT/summary.txt"
cat "$OUT/summary.txt"
