#!/usr/bin/env bash
# Session 10, call 5 (cc2bb08 as built): a fixed cost per launch and a streaming rate for each unmet goal's kernel,
# fitted from 4096x4096, 8192x8192 and 16384x16384 (gray8; warp_affine also rgba8), two rounds; ncu SASS page and
# stall metrics of warp_affine fast rgba8 with its cp.async staging.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
st="--stage sobel:variant=fast --stage gauss:variant=tensor:radius=4:sigma=2 --stage gauss:variant=tensor:radius=8:sigma=4"
st="$st --stage box:variant=fast:radius=8 --stage box:variant=fast:radius=16 --stage warp_affine:variant=fast"
st="$st --stage dilate5:variant=fast --stage box:variant=fast:radius=3"
for round in 1 2; do
  for s in 4096x4096 8192x8192 16384x16384; do
    $b/fl_H bench --size $s --format gray8 $st --repeat 30 > /tmp/f_gray8_${s}_$round.txt 2>&1
    $b/fl_H bench --size $s --format rgba8 --stage warp_affine:variant=fast --stage gauss:variant=tensor:radius=4:sigma=2 --repeat 30 > /tmp/f_rgba8_${s}_$round.txt 2>&1
  done
done
cat /tmp/f_*.txt > "$OUT/bench_all.txt"
cat /tmp/f_*.txt | awk '/^device/ {next} $NF ~ /^[0-9.]+$/ && NF > 8 {k=$1" "$2" "$(NF-4); s=$(NF-5); t[k" "s]+=$(NF-3); p[k" "s]+=$NF; n[k" "s]++} END {for (k in t) printf "%-70s %9.4f ms %6.1f\n", k, t[k]/n[k], p[k]/n[k]}' | sort >> "$OUT/summary.txt"
timeout 100 ncu --clock-control none --set full --import-source no --page source --print-source sass \
  -k "regex:WarpBilinearTile" -c 1 $b/fl_H bench --size 8192x8192 --format rgba8 --stage warp_affine:variant=fast \
  --repeat 1 --warmup 0 > /tmp/sass_c.txt 2>&1
echo "ncu sass rgba8 rc=$?" >> "$OUT/summary.txt"; gzip -9c /tmp/sass_c.txt > "$OUT/sass_rgba8.txt.gz"
m="smsp__inst_executed.sum,smsp__cycles_active.avg,sm__throughput.avg.pct_of_peak_sustained_elapsed"
m="$m,dram__throughput.avg.pct_of_peak_sustained_elapsed,lts__t_sectors.avg.pct_of_peak_sustained_elapsed"
m="$m,regex:smsp__average_warps_issue_stalled_.*_per_issue_active.ratio,smsp__issue_active.avg.per_cycle_active"
m="$m,regex:sm__inst_executed_pipe_.*.avg.pct_of_peak_sustained_active,sm__warps_active.avg.per_cycle_active"
m="$m,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum"
timeout 100 ncu --clock-control none --metrics "$m" -k "regex:WarpBilinearTile" -c 1 \
  $b/fl_H bench --size 8192x8192 --format rgba8 --stage warp_affine:variant=fast --repeat 1 --warmup 0 > "$OUT/metrics.txt" 2>&1
echo "ncu metrics rc=$?" >> "$OUT/summary.txt"
cat "$OUT/summary.txt"
