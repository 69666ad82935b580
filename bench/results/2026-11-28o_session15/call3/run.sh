#!/usr/bin/env bash
# Session 15, call 3: the working tree after 167fb48 with gauss tensor on gray8 radius 17..32 (4 and 5 k blocks in
# both passes). The gauss GPU tests (new test case radius 20; radius 32 now runs tensor on gray8), strip-tier and
# launch tests; memcheck and racecheck over tensor gray8 at 17x13 and 3x2; tensor r17..32 against separable_fused at
# three sizes and a ppt sweep; ncu of box r4, dilate5, sobel, tensor r4 and r32 (gray8 8192x8192) for their limiters.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT" /tmp/o
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > /tmp/o/summary.txt
start=$SECONDS
timeout 230 $b/gpu_tests --gtest_brief=1 --gtest_filter='Registry/VariantAgreement.*gauss_*:StripKernels/*:*LaunchExtremes*gauss*:LessonClaims.*' > /tmp/o/gpu_tests.log 2>&1
echo "gpu_tests rc=$? in $((SECONDS-start)) s" >> /tmp/o/summary.txt
grep -E '^\[  (PASSED|FAILED|SKIPPED)|^\[ variants' /tmp/o/gpu_tests.log | head -20 >> /tmp/o/summary.txt
mkdir -p /tmp/o/san
OUT=/tmp/o/san TOOLS="memcheck racecheck" TOOL_TIMEOUT=60 timeout 150 bash scripts/sanitize_gpu_tests.sh $b/gpu_tests '*gauss_tensor_gray8_17x13*:*gauss_tensor_gray8_3x2*' > /tmp/o/san.txt 2>&1
echo "sanitize rc=$? at $((SECONDS-start)) s" >> /tmp/o/summary.txt; tail -4 /tmp/o/san.txt >> /tmp/o/summary.txt
bn() { # tag format size stages...
  local t=$1 f=$2 s=$3; shift 3
  timeout 60 $b/filterlab bench --size $s --format $f "$@" --repeat 20 > /tmp/o/p_${t}_${f}_${s}.txt 2>&1
}
st=""; for r in 17 20 24 28 32; do st="$st --stage gauss:variant=tensor:radius=$r:sigma=$((r/3)) --stage gauss:variant=separable_fused:radius=$r:sigma=$((r/3))"; done
for s in 8192x8192 3840x2160 1920x1080; do bn big gray8 $s $st; done
st=""; for r in 12 24 32; do for p in 64 128 192 256; do st="$st --stage gauss:variant=tensor:radius=$r:sigma=$((r/3)):ppt=$p"; done; done
for s in 8192x8192 3840x2160 1920x1080; do bn ppt gray8 $s $st; done
echo "bench done at $((SECONDS-start)) s" >> /tmp/o/summary.txt
m="gpu__time_duration.sum,smsp__inst_executed.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,smsp__issue_active.avg.per_cycle_active"
m="$m,sm__warps_active.avg.per_cycle_active,smsp__average_warps_issue_stalled_wait_per_issue_active.ratio,smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio,smsp__average_warps_issue_stalled_barrier_per_issue_active.ratio,smsp__average_warps_issue_stalled_short_scoreboard_per_issue_active.ratio,smsp__average_warps_issue_stalled_math_pipe_throttle_per_issue_active.ratio,smsp__average_warps_issue_stalled_mio_throttle_per_issue_active.ratio,smsp__average_warps_issue_stalled_lg_throttle_per_issue_active.ratio,smsp__average_warps_issue_stalled_not_selected_per_issue_active.ratio,sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_active,dram__bytes_read.sum,dram__bytes_write.sum,launch__registers_per_thread,sm__maximum_warps_per_active_cycle_pct"
for spec in BoxFast:box_r4:box:variant=fast:radius=4 StripKernel:dilate5:dilate5:variant=fast StripKernel:sobel:sobel:variant=fast StripKernel:gauss3:gauss3:variant=fast GaussTensor:tensor_r4:gauss:variant=tensor:radius=4 GaussTensor:tensor_r32:gauss:variant=tensor:radius=32:sigma=10; do
  kn=${spec%%:*}; rest=${spec#*:}; tag=${rest%%:*}; stage=${rest#*:}
  timeout 60 ncu --clock-control none --metrics "$m" -k "regex:$kn" -c 1 $b/filterlab bench --size 8192x8192 --format gray8 \
    --stage "$stage" --repeat 1 --warmup 0 > /tmp/o/ncu_$tag.txt 2>&1
  echo "ncu $tag rc=$?" >> /tmp/o/summary.txt
done
echo "all done at $((SECONDS-start)) s" >> /tmp/o/summary.txt
for f in /tmp/o/p_*.txt; do n=$(basename $f .txt); n=${n#p_}; awk -v n=$n '/^device/ {next} $NF ~ /^[0-9.]+$/ && NF > 8 {l=""; for (i = 3; i <= NF - 6; i++) l = l $i; print n, $1, $2, l, $(NF-3), $NF}' $f; done > /tmp/o/rows.txt
grep -ih "error\|refused" /tmp/o/p_*.txt | head -5 >> /tmp/o/summary.txt
cp /tmp/o/summary.txt /tmp/o/rows.txt "$OUT/"
tar czf "$OUT/logs.tar.gz" -C /tmp/o . 2>/dev/null
cat "$OUT/summary.txt"; grep -E "^big_gray8_8192|^ppt_gray8_8192" "$OUT/rows.txt"
