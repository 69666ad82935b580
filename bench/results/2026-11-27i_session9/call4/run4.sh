#!/usr/bin/env bash
# Session 9, call 4 (3b6555c as built): the sobel GPU tests after the half change (the magnitude test reads halves
# now); ncu pipes and stalls of box radius 5, 8, 12 and 16 and of sobel, and box radius 8's SASS source page;
# rows per thread for sobel (8 .. 32).
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
timeout 200 $b/gpu_tests --gtest_filter='*obel*' > /tmp/gt.txt 2>&1; echo "gpu_tests sobel rc=$?" >> "$OUT/summary.txt"
grep -E "^\[  (PASSED|FAILED)" /tmp/gt.txt | head -5 >> "$OUT/summary.txt"
st="--stage sobel:variant=fast"; for r in 5 8 12 16; do st="$st --stage box:variant=fast:radius=$r"; done
m="smsp__inst_executed.sum,smsp__issue_active.avg.per_cycle_active,smsp__warps_active.avg.per_cycle_active,smsp__warps_eligible.avg.per_cycle_active"
m="$m,dram__throughput.avg.pct_of_peak_sustained_elapsed,gpu__time_duration.sum"
m="$m,regex:smsp__average_warps_issue_stalled_.*_per_issue_active.ratio,regex:sm__inst_executed_pipe_.*.avg.pct_of_peak_sustained_active"
timeout 150 ncu --clock-control none --metrics "$m" -k "regex:StripKernel|BoxFast" -c 5 $b/filterlab bench --size 8192x8192 --format gray8 $st --repeat 1 --warmup 0 > "$OUT/metrics.txt" 2>&1
echo "ncu metrics rc=$?" >> "$OUT/summary.txt"
timeout 120 ncu --clock-control none --set full --import-source no --page source --print-source sass -k "regex:BoxFast" -c 1 $b/filterlab bench --size 8192x8192 --format gray8 --stage box:variant=fast:radius=8 --repeat 1 --warmup 0 > /tmp/sass.txt 2>&1
echo "ncu sass rc=$?" >> "$OUT/summary.txt"; gzip -9c /tmp/sass.txt > "$OUT/box8_sass.txt.gz"
for round in 1 2; do for p in 8 12 16 24 32; do
  $b/filterlab bench --size 8192x8192 --format gray8 --stage sobel:variant=fast:ppt=$p --repeat 30 2>&1 | grep "^sobel" | awk -v p=$p '{print "sobel ppt " p ": " $NF}' >> /tmp/ppt.txt
done; done
sort /tmp/ppt.txt >> "$OUT/summary.txt"
awk '/^  [a-z]/{print substr($0,1,60)} /pct_of_peak|per_issue_active|inst_executed.sum |per_cycle_active|duration/{ if ($NF+0 >= 0.3) {n=$1; sub(/.*sm__inst_executed_pipe_/,"pipe ",n); sub(/smsp__average_warps_issue_stalled_/,"stall ",n); sub(/_per_issue_active.ratio/,"",n); sub(/.avg.pct_of_peak_sustained_active/,"",n); printf "   %-40s %s\n", n, $NF}}' "$OUT/metrics.txt" | grep -v realtime >> "$OUT/summary.txt"
cat "$OUT/summary.txt"
