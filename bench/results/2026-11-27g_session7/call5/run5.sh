#!/usr/bin/env bash
# Session 2026-11-27g, call 5 (box fast's tail rule by radius: a quarter at 1-2, half at 3, none at 4-7, half from
# 8): every GPU test (the tail-strip test now with box radius 8), memcheck and racecheck over box's tail-strip
# tests, box by radius (three runs), then the suite and peers.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
$b/filterlab bench --size 64x64 --format gray8 --stage invert:variant=vec4 --repeat 1 2>&1 | grep commit >> "$OUT/summary.txt"
start=$SECONDS
timeout 330 $b/gpu_tests --gtest_brief=1 > "$OUT/gpu_tests.log" 2>&1; echo "gpu_tests rc=$? in $((SECONDS-start)) s" >> "$OUT/summary.txt"
grep -E '^\[ (variants)' "$OUT/gpu_tests.log" >> "$OUT/summary.txt"
grep -E '^\[  (PASSED|FAILED|SKIPPED)' "$OUT/gpu_tests.log" | head -20 >> "$OUT/summary.txt"
grep -E 'StripTail.*box_r8' "$OUT/gpu_tests.log" | head -4 >> "$OUT/summary.txt"
gzip -9 "$OUT/gpu_tests.log"
for tool in memcheck racecheck; do
  start=$SECONDS
  timeout 120 compute-sanitizer --tool $tool --error-exitcode 9 $b/gpu_tests --gtest_brief=1 --gtest_filter='*StripTail*/box_*' > "$OUT/$tool.log" 2>&1
  echo "$tool rc=$? in $((SECONDS-start)) s $(grep -E 'ERROR SUMMARY|^\[  (PASSED|FAILED) +\]' "$OUT/$tool.log" | tr '\n' ' ')" >> "$OUT/summary.txt"
  gzip -9 "$OUT/$tool.log"
done
st=""; for r in 1 2 3 4 5 7 8 16; do st="$st --stage box:variant=fast:radius=$r"; done
for round in 1 2 3; do $b/filterlab bench --size 8192x8192 --format gray8 $st --repeat 30 >> "$OUT/box.txt" 2>&1; done
python3 - "$OUT/box.txt" <<'PY' >> "$OUT/summary.txt"
import sys
tab={}
for l in open(sys.argv[1]):
    if not l.startswith('box'): continue
    p=l.split(); tab.setdefault(p[1], []).append(float(p[-1]))
for k in sorted(tab, key=lambda k: int(k.split('=')[1])): v=tab[k]; print('box', k, ' '.join('%.1f'%x for x in v), ' mean %.1f' % (sum(v)/len(v)))
PY
start=$SECONDS
bash bench/run_suite.sh run > /tmp/suite_run.txt 2>&1
echo "suite rc=$? in $((SECONDS-start)) s" >> "$OUT/summary.txt"
cat "$OUT/summary.txt"; grep -E "^(dilate|erode|gauss3|gauss |sobel|box|copy |warp)" "$OUT/suite.txt" | grep -E " fast | tensor |cudaMemcpy" | cut -c1-150
