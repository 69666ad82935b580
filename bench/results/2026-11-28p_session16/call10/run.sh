#!/usr/bin/env bash
# Session 16, call 10: d7e8518 (box fast in the steady blocks; steady only with a whole chunk right of the block).
# First bfc14ec's ragged steady tests with the steady condition as eacb8b4 had it (old: gpu_tests built with
# bfc14ec's tests, eacb8b4's condition). Then every GPU test; the interop, frame, A/B and timing-export UI tests; all
# four compute-sanitizer tools over the steady-path tests and the strip stencils' and box fast's agreement cases at
# 17x13; the suite and the peers.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT" /tmp/o
rm -rf .gpu/bin .gpu/old; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > /tmp/o/summary.txt
$b/filterlab bench --size 64x64 --format gray8 --stage invert:variant=vec4 --repeat 1 2>&1 | grep commit >> /tmp/o/summary.txt
start=$SECONDS
timeout 60 .gpu/old/gpu_tests --gtest_brief=1 --gtest_filter='*StripSteady*ragged*:-*StripSteady*box*' > /tmp/o/old.log 2>&1
echo "old condition, ragged steady tests rc=$?" >> /tmp/o/summary.txt
grep -E '^\[  (PASSED|FAILED)|mismatching' /tmp/o/old.log | head -20 >> /tmp/o/summary.txt
timeout 400 $b/gpu_tests --gtest_brief=1 > /tmp/o/gpu_tests.log 2>&1; echo "gpu_tests rc=$? in $((SECONDS-start)) s" >> /tmp/o/summary.txt
grep -E '^\[  (PASSED|FAILED|SKIPPED)|^\[ variants' /tmp/o/gpu_tests.log | head -20 >> /tmp/o/summary.txt
FILTERLAB_EXE=$b/filterlab timeout 90 $b/ui_tests --gtest_brief=1 --gtest_filter='*SharedTexture*:Screenshot.*CudaInterop*:Screenshot.WholeFrame*:Ab*:MeasureFrames*:TimingExport*' > /tmp/o/ui.log 2>&1; echo "ui_tests rc=$? at $((SECONDS-start)) s" >> /tmp/o/summary.txt
grep -E '^\[  (PASSED|FAILED|SKIPPED)' /tmp/o/ui.log >> /tmp/o/summary.txt
pat='*StripSteady*'
for f in gauss3 dilate3 erode3 dilate5 erode5 sobel box2x2 box; do pat="$pat:Registry/VariantAgreement.*/${f}_fast_*_17x13_*"; done
mkdir -p /tmp/o/san
OUT=/tmp/o/san TOOL_TIMEOUT=50 timeout 220 bash scripts/sanitize_gpu_tests.sh $b/gpu_tests "$pat" > /tmp/o/san.txt 2>&1
echo "sanitize rc=$? at $((SECONDS-start)) s" >> /tmp/o/summary.txt; tail -7 /tmp/o/san.txt >> /tmp/o/summary.txt
grep -h "tests from" /tmp/o/san/sanitizer/*.tests.txt >> /tmp/o/summary.txt 2>/dev/null
OUT="$OUT" bash bench/run_suite.sh run > /tmp/o/suite_run.txt 2>&1; echo "suite rc=$? at $((SECONDS-start)) s" >> /tmp/o/summary.txt
cp /tmp/o/summary.txt "$OUT/"
tar czf "$OUT/logs.tar.gz" -C /tmp/o . 2>/dev/null
cat "$OUT/summary.txt"
