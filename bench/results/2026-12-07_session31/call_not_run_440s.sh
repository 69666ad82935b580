#!/usr/bin/env bash
# Session 31, call 1 (the session-29 script cut to fit 440 s): branch `tensor-planes` 5cd5599 packed in .gpu/bin.tar.xz.
# 1) tensor_planes' GPU tests; 2) rgba8 gauss r8..32 tensor_planes against separable_fused at four blocks, gray32f
# separable_fused's blocks (one round; a size is skipped past 260 s); 3) suite and peers; 4) every GPU test.
set -u
: "${OUT:=/tmp/out}"; rm -rf /tmp/o1; mkdir -p "$OUT" /tmp/o1
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > /tmp/o1/summary.txt
start=$SECONDS
save() { cp /tmp/o1/summary.txt "$OUT/"; tar czf "$OUT/logs.tar.gz" -C /tmp/o1 . 2>/dev/null; }
tests='*tensor_planes*:*gauss_tensor_rgba8*:GaussTensorPlanesViews.*'
timeout 90 $b/gpu_tests --gtest_brief=1 --gtest_filter="$tests" > /tmp/o1/planes_tests.log 2>&1
echo "planes tests rc=$? at $((SECONDS-start)) s" >> /tmp/o1/summary.txt
grep -E '^\[  (PASSED|FAILED|SKIPPED) +\]|^\[  FAILED' /tmp/o1/planes_tests.log | head -20 >> /tmp/o1/summary.txt; save
for z in 8192x8192 3840x2160 1920x1080; do
  [ $((SECONDS-start)) -gt 260 ] && { echo "size $z skipped at $((SECONDS-start)) s" >> /tmp/o1/summary.txt; continue; }
  for r in 8 9 16 24 32; do
    st="--stage gauss:variant=tensor_planes:radius=$r:sigma=$((r / 2))"
    [ $r = 8 ] && st="$st --stage gauss:variant=tensor:radius=8:sigma=4"
    for blk in 32x8 64x8 32x16 64x4; do
      st="$st --stage gauss:variant=separable_fused:radius=$r:sigma=$((r / 2)):block=$blk"; done
    timeout 60 $b/filterlab bench --size $z --format rgba8 $st --repeat 30 > /tmp/o1/p_r${r}_1_rgba8_$z.txt 2>&1
  done
  for r in 9 16 32; do
    st=""; for blk in 32x8 64x8 32x16 64x4; do
      st="$st --stage gauss:variant=separable_fused:radius=$r:sigma=$((r / 2)):block=$blk"; done
    timeout 60 $b/filterlab bench --size $z --format gray32f $st --repeat 30 > /tmp/o1/p_r${r}_1_gray32f_$z.txt 2>&1
  done
  echo "size $z done at $((SECONDS-start)) s" >> /tmp/o1/summary.txt
done
python3 .gpu/means.py /tmp/o1 > /tmp/o1/means.txt 2>&1
echo "sweep done at $((SECONDS-start)) s" >> /tmp/o1/summary.txt; save
left=$((400 - SECONDS + start)); [ $left -gt 170 ] && left=170
if [ $left -gt 60 ]; then
  mkdir -p "$OUT/suite"; OUT="$OUT/suite" timeout $left bash bench/run_suite.sh run > /tmp/o1/suite_run.log 2>&1
  echo "suite rc=$? at $((SECONDS-start)) s (limit $left s)" >> /tmp/o1/summary.txt; save
fi
left=$((440 - SECONDS + start))
timeout $left $b/gpu_tests --gtest_brief=1 > /tmp/o1/gpu_tests_all.log 2>&1
echo "all gpu_tests rc=$? at $((SECONDS-start)) s (limit $left s)" >> /tmp/o1/summary.txt
grep -E '^\[  (PASSED|FAILED|SKIPPED) +\]|^\[  FAILED' /tmp/o1/gpu_tests_all.log | head -20 >> /tmp/o1/summary.txt
save; cat /tmp/o1/summary.txt; cat /tmp/o1/means.txt
