#!/usr/bin/env bash
# Session 15, call 1: 502dbba on the H200 (every earlier session ran on an H100). The suite and the peers; launch sweeps
# of the fast variants whose defaults were tuned on the H100 (sobel, gauss tensor, box, dilate5, warp_affine); ncu of
# gauss tensor r4 and sobel.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader > "$OUT/summary.txt"
start=$SECONDS
bash bench/run_suite.sh run > /tmp/suite_run.txt 2>&1
echo "suite rc=$? in $((SECONDS-start)) s" >> "$OUT/summary.txt"
sw() { # name format size stages...
  local n=$1 f=$2 s=$3; shift 3
  timeout 60 $b/filterlab bench --size $s --format $f "$@" --repeat 20 > /tmp/p_${n}_${f}_${s}.txt 2>&1
}
st=""; for p in 8 12 16 24 32; do for bl in 32x4 32x8; do st="$st --stage sobel:variant=fast:ppt=$p:block=$bl"; done; done
for s in 8192x8192 3840x2160; do sw sobel gray8 $s $st; done
for r in 4 8; do st=""; for p in 32 64 128 256; do st="$st --stage gauss:variant=tensor:radius=$r:sigma=$((r/2)):ppt=$p"; done
  for f in gray8 rgba8; do sw tensor$r $f 8192x8192 $st; done; done
for r in 4 8 16; do st=""; for p in 8 16 32 64; do st="$st --stage box:variant=fast:radius=$r:ppt=$p"; done
  for f in gray8 rgba8; do sw box$r $f 8192x8192 $st; done; done
st=""; for p in 8 16 24 32; do st="$st --stage dilate5:variant=fast:ppt=$p --stage gauss3:variant=fast:ppt=$p"; done
sw d5g3 gray8 8192x8192 $st
st=""; for bl in 16x16 32x8 32x4; do for p in 1 2 4 8; do st="$st --stage warp_affine:variant=fast:angle=30:ppt=$p:block=$bl"; done; done
sw warp gray8 8192x8192 $st
echo "sweeps done at $((SECONDS-start)) s" >> "$OUT/summary.txt"
m="gpu__time_duration.sum,smsp__inst_executed.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,smsp__issue_active.avg.per_cycle_active"
m="$m,sm__warps_active.avg.per_cycle_active,smsp__average_warps_issue_stalled_wait_per_issue_active.ratio,smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio,smsp__average_warps_issue_stalled_barrier_per_issue_active.ratio,smsp__average_warps_issue_stalled_short_scoreboard_per_issue_active.ratio,smsp__average_warps_issue_stalled_math_pipe_throttle_per_issue_active.ratio,smsp__average_warps_issue_stalled_mio_throttle_per_issue_active.ratio,sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_active,dram__bytes_read.sum,dram__bytes_write.sum"
for spec in GaussTensor:gauss:tensor:radius=4 SobelStencil:sobel:fast BoxFast:box:fast:radius=16; do
  IFS=: read -r kn fl va rest <<< "$spec"
  timeout 60 ncu --clock-control none --metrics "$m" -k "regex:$kn" -c 1 $b/filterlab bench --size 8192x8192 --format gray8 \
    --stage "$fl:variant=$va${rest:+:$rest}" --repeat 1 --warmup 0 > "$OUT/ncu_${fl}.txt" 2>&1
  echo "ncu $spec rc=$?" >> "$OUT/summary.txt"
done
echo "all done at $((SECONDS-start)) s" >> "$OUT/summary.txt"
for f in /tmp/p_*.txt; do n=$(basename $f .txt); n=${n#p_}; awk -v n=$n '/^device/ {next} $NF ~ /^[0-9.]+$/ && NF > 8 {l=""; for (i = 3; i <= NF - 6; i++) l = l $i; print n, $1, $2, l, $(NF-3), $NF}' $f; done > "$OUT/rows.txt"
grep -ih "error\|refused" /tmp/p_*.txt | head -5 >> "$OUT/summary.txt"
tar czf "$OUT/logs.tar.gz" -C /tmp suite_run.txt $(cd /tmp; ls p_*.txt) 2>/dev/null
cat "$OUT/summary.txt"; grep -E "^copy|fast|tensor" "$OUT/suite.txt" | cut -c1-150 | head -40
