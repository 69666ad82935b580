#!/usr/bin/env bash
# Session 9, call 1 (17fbca2 as built): where the unmet goals' instructions and stalls go. ncu at full clocks,
# one launch each at 8192x8192 gray8: the SASS source page (executed instructions and stall samples per
# instruction) of sobel, box radius 3 and 4, gauss tensor radius 4; and the stall reasons as metrics.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
stages="--stage sobel:variant=fast --stage box:variant=fast:radius=3 --stage box:variant=fast:radius=4 --stage gauss:variant=tensor:radius=4"
timeout 240 ncu --clock-control none --set full --import-source no --page source --print-source sass \
  -k "regex:StripKernel|BoxFast|GaussTensor" -c 4 $b/filterlab bench --size 8192x8192 --format gray8 $stages \
  --repeat 1 --warmup 0 > /tmp/sass.txt 2>&1
echo "ncu sass rc=$? lines $(wc -l < /tmp/sass.txt)" >> "$OUT/summary.txt"
gzip -9c /tmp/sass.txt > "$OUT/sass.txt.gz"
m="smsp__inst_executed.sum,smsp__cycles_active.avg,sm__throughput.avg.pct_of_peak_sustained_elapsed"
m="$m,regex:smsp__average_warps_issue_stalled_.*_per_issue_active.ratio"
m="$m,regex:sm__inst_executed_pipe_.*.avg.pct_of_peak_sustained_active"
timeout 150 ncu --clock-control none --metrics "$m" -k "regex:StripKernel|BoxFast|GaussTensor" -c 4 \
  $b/filterlab bench --size 8192x8192 --format gray8 $stages --repeat 1 --warmup 0 > "$OUT/metrics.txt" 2>&1
echo "ncu metrics rc=$?" >> "$OUT/summary.txt"
grep -E "^  [a-z].*\(|inst_executed.sum |stalled_(long|short|wait|barrier|mio|math|not_sel|no_inst|lg_thr|branch|dispatch|drain|imc|tex|sleep|membar)[a-z_]*_per|pipe_(alu|fma|fmaheavy|lsu|adu|uniform|xu|tensor|cbu|fp16)[a-z_]*\.avg" "$OUT/metrics.txt" | awk '$NF+0 >= 0.05 || /\(/' | cut -c1-110 >> "$OUT/summary.txt"
cat "$OUT/summary.txt"
