#!/usr/bin/env bash
# Session 31, last try (150 s): tensor_planes' GPU tests, then rgba8 8192x8192 gauss r9/16/32 tensor_planes against
# separable_fused (blocks 32x8, 64x8), one round.
set -u
: "${OUT:=/tmp/out}"; rm -rf /tmp/o1; mkdir -p "$OUT" /tmp/o1
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > /tmp/o1/summary.txt
start=$SECONDS
save() { cp /tmp/o1/summary.txt "$OUT/"; tar czf "$OUT/logs.tar.gz" -C /tmp/o1 . 2>/dev/null; }
tests='*tensor_planes*:*gauss_tensor_rgba8*:GaussTensorPlanesViews.*'
timeout 60 $b/gpu_tests --gtest_brief=1 --gtest_filter="$tests" > /tmp/o1/planes_tests.log 2>&1
echo "planes tests rc=$? at $((SECONDS-start)) s" >> /tmp/o1/summary.txt
grep -E '^\[  (PASSED|FAILED|SKIPPED) +\]|^\[  FAILED' /tmp/o1/planes_tests.log | head -20 >> /tmp/o1/summary.txt; save
for r in 9 16 32; do
  st="--stage gauss:variant=tensor_planes:radius=$r:sigma=$((r / 2))"
  for blk in 32x8 64x8; do st="$st --stage gauss:variant=separable_fused:radius=$r:sigma=$((r / 2)):block=$blk"; done
  timeout 25 $b/filterlab bench --size 8192x8192 --format rgba8 $st --repeat 30 > /tmp/o1/p_r${r}_1_rgba8_8192x8192.txt 2>&1
done
python3 .gpu/means.py /tmp/o1 > /tmp/o1/means.txt 2>&1
echo "sweep done at $((SECONDS-start)) s" >> /tmp/o1/summary.txt; save; cat /tmp/o1/summary.txt /tmp/o1/means.txt
