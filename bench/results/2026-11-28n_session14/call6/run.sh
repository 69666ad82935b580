#!/usr/bin/env bash
# Session 14, call 6 (trial build): box fast radius 8..16 with the K rows that leave the window next kept in registers
# (FL_BOX_FIFO = 8 / 12 / 16), so that the ring needs K slots fewer, against 0, alternated, three rounds, three
# sizes, gray8 and rgba8; the box GPU tests under K = 8 and 16.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
for k in 8 16; do
  FL_BOX_FIFO=$k timeout 100 $b/gpu_tests --gtest_filter='*box_fast*:*Tiers*box_r*' > /tmp/gt$k.txt 2>&1; echo "fifo $k gpu_tests rc=$?" >> "$OUT/summary.txt"
  grep -E "^\[  PASSED|^\[  FAILED" /tmp/gt$k.txt >> "$OUT/summary.txt"; grep -E "^\[  FAILED" /tmp/gt$k.txt | head -5 >> "$OUT/summary.txt"
done
g=""; for r in 8 10 12 14 16; do g="$g --stage box:variant=fast:radius=$r"; done
for round in 1 2 3; do
  for k in 0 8 12 16; do
    for s in 8192x8192 3840x2160 1920x1080; do
      FL_BOX_FIFO=$k timeout 60 $b/filterlab bench --size $s --format gray8 $g --repeat 30 > /tmp/p_gk${k}_${s}_$round.txt 2>&1
      FL_BOX_FIFO=$k timeout 60 $b/filterlab bench --size $s --format rgba8 $g --repeat 30 > /tmp/p_rk${k}_${s}_$round.txt 2>&1
    done
  done
done
m="gpu__time_duration.sum,smsp__inst_executed.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,smsp__issue_active.avg.per_cycle_active"
m="$m,sm__warps_active.avg.per_cycle_active,smsp__average_warps_issue_stalled_wait_per_issue_active.ratio,smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio"
for k in 0 16; do
  FL_BOX_FIFO=$k timeout 60 ncu --clock-control none --metrics "$m" -k "regex:BoxFast" -c 1 $b/filterlab bench --size 8192x8192 --format gray8 \
    --stage box:variant=fast:radius=16 --repeat 1 --warmup 0 > "$OUT/ncu_fifo$k.txt" 2>&1
done
cat /tmp/p_*.txt | gzip -9 > "$OUT/bench_all.txt.gz"
for f in /tmp/p_*.txt; do n=$(basename $f .txt); n=${n#p_}; n=${n%_*}; awk -v n=$n '/^device/ {next} $NF ~ /^[0-9.]+$/ && NF > 8 {l=""; for (i = 3; i <= NF - 6; i++) l = l $i; print n, $1, $2, l, $(NF-3), $NF}' $f; done > "$OUT/rows.txt"
grep -c . "$OUT/rows.txt" >> "$OUT/summary.txt"
tail -8 "$OUT/summary.txt"
