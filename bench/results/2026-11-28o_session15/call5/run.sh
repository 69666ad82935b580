#!/usr/bin/env bash
# Session 15, call 5: 9aa87b3 on the H200. The suite and the peers (docs/PERFORMANCE.md); gauss tensor gray8 at radius
# 1..32 against separable_fused at three sizes; ncu pipe utilisation of box r4, dilate5, gauss3, sobel and tensor r4.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT" /tmp/o
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > /tmp/o/summary.txt
start=$SECONDS
OUT=/tmp/o bash bench/run_suite.sh run > /tmp/o/suite_run.txt 2>&1
echo "suite rc=$? in $((SECONDS-start)) s" >> /tmp/o/summary.txt
bn() { local t=$1 f=$2 s=$3; shift 3; timeout 60 $b/filterlab bench --size $s --format $f "$@" --repeat 20 > /tmp/o/p_${t}_${f}_${s}.txt 2>&1; }
st=""; for r in 2 4 8 9 12 16 17 24 32; do st="$st --stage gauss:variant=tensor:radius=$r:sigma=$((r/3+1)) --stage gauss:variant=separable_fused:radius=$r:sigma=$((r/3+1))"; done
for s in 8192x8192 3840x2160 1920x1080; do bn radii gray8 $s $st; done
echo "bench done at $((SECONDS-start)) s" >> /tmp/o/summary.txt
ncu --query-metrics > /tmp/o/metrics_list.txt 2>&1
m=""; for n in sm__pipe_alu_cycles_active sm__pipe_fma_cycles_active sm__pipe_fmaheavy_cycles_active sm__pipe_fp16_cycles_active sm__pipe_shared_cycles_active sm__pipe_xu_cycles_active sm__pipe_tensor_op_hmma_cycles_active sm__inst_executed_pipe_alu sm__inst_executed_pipe_fma sm__inst_executed_pipe_fmaheavy sm__inst_executed_pipe_lsu sm__inst_executed_pipe_xu sm__inst_executed_pipe_uniform; do
  grep -q "^$n " /tmp/o/metrics_list.txt && m="$m,$n.avg.pct_of_peak_sustained_active"
done
m="smsp__inst_executed.sum,smsp__issue_active.avg.per_cycle_active$m"
echo "metrics: $m" >> /tmp/o/summary.txt
for spec in BoxFast:box_r4:box:variant=fast:radius=4 StripKernel:dilate5:dilate5:variant=fast StripKernel:sobel:sobel:variant=fast StripKernel:gauss3:gauss3:variant=fast GaussTensor:tensor_r4:gauss:variant=tensor:radius=4; do
  kn=${spec%%:*}; rest=${spec#*:}; tag=${rest%%:*}; stage=${rest#*:}
  timeout 60 ncu --clock-control none --metrics "$m" -k "regex:$kn" -c 1 $b/filterlab bench --size 8192x8192 --format gray8 \
    --stage "$stage" --repeat 1 --warmup 0 > /tmp/o/ncu_pipes_$tag.txt 2>&1
  echo "ncu $tag rc=$?" >> /tmp/o/summary.txt
done
echo "all done at $((SECONDS-start)) s" >> /tmp/o/summary.txt
for f in /tmp/o/p_*.txt; do n=$(basename $f .txt); n=${n#p_}; awk -v n=$n '/^device/ {next} $NF ~ /^[0-9.]+$/ && NF > 8 {l=""; for (i = 3; i <= NF - 6; i++) l = l $i; print n, $1, $2, l, $(NF-3), $NF}' $f; done > /tmp/o/rows.txt
rm -f /tmp/o/metrics_list.txt
cp /tmp/o/summary.txt /tmp/o/rows.txt /tmp/o/suite.json /tmp/o/peers.json /tmp/o/suite.txt /tmp/o/peers.txt "$OUT/" 2>/dev/null
tar czf "$OUT/logs.tar.gz" -C /tmp/o . 2>/dev/null
cat "$OUT/summary.txt"; grep -E "^copy|fast|tensor" "$OUT/suite.txt" | grep -E "gray8 " | cut -c1-150 | head -24
