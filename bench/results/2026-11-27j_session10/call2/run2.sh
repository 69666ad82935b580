#!/usr/bin/env bash
# Session 10, call 2: where the unmet goals' instructions go now. ncu at full clocks, SASS source page (executed
# instructions and stall samples per instruction) of warp_affine fast (tile kernel) gray8 and rgba8, gauss tensor
# radius 4 with the band table by shuffles (A), sobel fast; the stall metrics of the same launches. Tensor GPU tests
# of A.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
timeout 150 $b/gpu_tests_A --gtest_filter='*gauss_tensor*' > /tmp/gt.txt 2>&1; echo "gpu_tests rc=$?" >> "$OUT/summary.txt"
grep -E "^\[  PASSED|^\[  FAILED|tests ran|SKIPPED \] [0-9]" /tmp/gt.txt >> "$OUT/summary.txt"
st="--stage warp_affine:variant=fast --stage gauss:variant=tensor:radius=4:sigma=2 --stage sobel:variant=fast"
timeout 200 ncu --clock-control none --set full --import-source no --page source --print-source sass \
  -k "regex:WarpBilinearTile|GaussTensor|StripKernel" -c 3 $b/fl_A bench --size 8192x8192 --format gray8 $st \
  --repeat 1 --warmup 0 > /tmp/sass.txt 2>&1
echo "ncu sass rc=$? lines $(wc -l < /tmp/sass.txt)" >> "$OUT/summary.txt"
gzip -9c /tmp/sass.txt > "$OUT/sass_gray8.txt.gz"
timeout 100 ncu --clock-control none --set full --import-source no --page source --print-source sass \
  -k "regex:WarpBilinearTile" -c 1 $b/fl_A bench --size 8192x8192 --format rgba8 --stage warp_affine:variant=fast \
  --repeat 1 --warmup 0 > /tmp/sass_c.txt 2>&1
echo "ncu sass rgba8 rc=$?" >> "$OUT/summary.txt"; gzip -9c /tmp/sass_c.txt > "$OUT/sass_rgba8.txt.gz"
m="smsp__inst_executed.sum,smsp__cycles_active.avg,sm__throughput.avg.pct_of_peak_sustained_elapsed"
m="$m,dram__throughput.avg.pct_of_peak_sustained_elapsed,lts__t_sectors.avg.pct_of_peak_sustained_elapsed"
m="$m,regex:smsp__average_warps_issue_stalled_.*_per_issue_active.ratio,smsp__issue_active.avg.per_cycle_active"
m="$m,regex:sm__inst_executed_pipe_.*.avg.pct_of_peak_sustained_active,sm__warps_active.avg.per_cycle_active"
timeout 150 ncu --clock-control none --metrics "$m" -k "regex:WarpBilinearTile|GaussTensor|StripKernel" -c 3 \
  $b/fl_A bench --size 8192x8192 --format gray8 $st --repeat 1 --warmup 0 > "$OUT/metrics.txt" 2>&1
echo "ncu metrics rc=$?" >> "$OUT/summary.txt"
cat "$OUT/summary.txt"
