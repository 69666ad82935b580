#!/usr/bin/env bash
# Session 2026-11-27g, call 6: the new GPU UI test of the timing exports (tests/ui/timing_export_gpu_test.cpp) and
# the other timing-export tests, on the device.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
FILTERLAB_EXE=$b/filterlab timeout 120 $b/ui_tests --gtest_filter='TimingExport*' > "$OUT/ui.log" 2>&1
echo "ui_tests TimingExport* rc=$?" >> "$OUT/summary.txt"
grep -E '^\[ +(OK|FAILED|SKIPPED|PASSED) ' "$OUT/ui.log" >> "$OUT/summary.txt"
cat "$OUT/summary.txt"; grep -iE "skip|fail|expected|which is" "$OUT/ui.log" | head -20
