#!/usr/bin/env bash
# Session 17, call 8: 534dac4 (the last block column moved to end with the row). Every GPU test; the interop, frame,
# A/B and timing-export UI tests; memcheck, racecheck, initcheck and synccheck over the steady tests of rows that end
# inside a block and the strip stencils' and box fast's agreement cases at 17x13; the suite and the peers.
set -u
: "${OUT:=/tmp/out}"; rm -rf /tmp/o; mkdir -p "$OUT" /tmp/o
rm -rf .gpu/bin .gpu/prev; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > /tmp/o/summary.txt
$b/filterlab bench --size 64x64 --format gray8 --stage invert:variant=vec4 --repeat 1 2>&1 | grep commit >> /tmp/o/summary.txt
start=$SECONDS
save() { cp /tmp/o/summary.txt "$OUT/"; }
timeout 300 $b/gpu_tests --gtest_brief=1 > /tmp/o/gpu_tests.log 2>&1; echo "gpu_tests rc=$? in $((SECONDS-start)) s" >> /tmp/o/summary.txt
grep -E '^\[  (PASSED|FAILED|SKIPPED)|^\[ variants' /tmp/o/gpu_tests.log | head -20 >> /tmp/o/summary.txt; save
FILTERLAB_EXE=$b/filterlab timeout 60 $b/ui_tests --gtest_brief=1 --gtest_filter='*SharedTexture*:Screenshot.*CudaInterop*:Screenshot.WholeFrame*:Ab*:MeasureFrames*:TimingExport*' > /tmp/o/ui.log 2>&1; echo "ui_tests rc=$? at $((SECONDS-start)) s" >> /tmp/o/summary.txt
grep -E '^\[  (PASSED|FAILED|SKIPPED)' /tmp/o/ui.log >> /tmp/o/summary.txt; save
pat='*StripSteady*chunk_short:*StripSteady*chunk_past'
for f in gauss3 dilate3 dilate5 sobel box2x2 box; do pat="$pat:Registry/VariantAgreement.*/${f}_fast_*_17x13_*"; done
mkdir -p /tmp/o/san
OUT=/tmp/o/san TOOL_TIMEOUT=25 timeout 100 bash scripts/sanitize_gpu_tests.sh $b/gpu_tests "$pat" > /tmp/o/san.txt 2>&1
echo "sanitize rc=$? at $((SECONDS-start)) s" >> /tmp/o/summary.txt; tail -7 /tmp/o/san.txt >> /tmp/o/summary.txt
grep -h "tests from" /tmp/o/san/sanitizer/*.tests.txt >> /tmp/o/summary.txt 2>/dev/null; save
tar czf "$OUT/logs.tar.gz" -C /tmp/o . 2>/dev/null
OUT="$OUT" timeout 100 bash bench/run_suite.sh run > /tmp/o/suite_run.txt 2>&1; echo "suite rc=$? at $((SECONDS-start)) s" >> /tmp/o/summary.txt
save; tar czf "$OUT/logs.tar.gz" -C /tmp/o . 2>/dev/null
cat "$OUT/summary.txt"
