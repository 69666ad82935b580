#!/usr/bin/env bash
# Session 2026-11-27f, call 11 (the session's last change to kernel code: box fast's warps own their chunks up to
# radius 2, radius 1 at 16 rows, radius 2 among the tested radii): every GPU test, the interop and frame UI tests,
# memcheck and racecheck over box fast and tail-strip tests, box fast by radius (1 at 8 and 16 rows, three runs),
# then the suite and peers.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
start=$SECONDS
timeout 330 $b/gpu_tests --gtest_brief=1 > "$OUT/gpu_tests.log" 2>&1; echo "gpu_tests rc=$? in $((SECONDS-start)) s" >> "$OUT/summary.txt"
grep -E '^\[ (variants)' "$OUT/gpu_tests.log" >> "$OUT/summary.txt"
grep -E '^\[  (PASSED|FAILED|SKIPPED)' "$OUT/gpu_tests.log" | head -20 >> "$OUT/summary.txt"
gzip -9 "$OUT/gpu_tests.log"
FILTERLAB_EXE=$b/filterlab timeout 100 $b/ui_tests --gtest_brief=1 --gtest_filter='*SharedTexture*:Screenshot.*CudaInterop*:Screenshot.WholeFrame*:Ab*:MeasureFrames*' > /tmp/ui.log 2>&1; echo "ui_tests rc=$?" >> "$OUT/summary.txt"
grep -E '^\[  (PASSED|FAILED|SKIPPED)' /tmp/ui.log >> "$OUT/summary.txt"
for tool in memcheck racecheck; do
  start=$SECONDS
  timeout 120 compute-sanitizer --tool $tool --error-exitcode 9 $b/gpu_tests --gtest_brief=1 --gtest_filter='*StripTail*/dilate5_gray8_odd:*StripTail*/box_r3_gray8_default:*StripTail*/box_r1_gray8_odd:*StripTail*/box_r1_gray8_default:*/box_fast_gray8_1023x769_b32x4_ppt8:*/box_fast_gray8_17x13*' > "$OUT/$tool.log" 2>&1
  echo "$tool rc=$? in $((SECONDS-start)) s $(grep -E 'ERROR SUMMARY|^\[  (PASSED|FAILED) +\]' "$OUT/$tool.log" | tr '\n' ' ')" >> "$OUT/summary.txt"
  gzip -9 "$OUT/$tool.log"
done
bx="--stage box:variant=fast:radius=1:ppt=8"; for r in 1 2 3 4 5; do bx="$bx --stage box:variant=fast:radius=$r"; done
for round in 1 2 3; do $b/filterlab bench --size 8192x8192 --format gray8 $bx --repeat 30 >> "$OUT/box.txt" 2>&1; done
python3 - "$OUT/box.txt" <<'PY' >> "$OUT/summary.txt"
import sys,re
tab={}
for l in open(sys.argv[1]):
    if not l.startswith('box'): continue
    p=l.split(); m=re.search(r'ppt (\d+)', l)
    tab.setdefault(p[1]+' ppt'+m.group(1), []).append(float(p[-1]))
for k,v in sorted(tab.items()): print('box', k, ' '.join('%.1f'%x for x in v), ' mean %.1f' % (sum(v)/len(v)))
PY
start=$SECONDS
bash bench/run_suite.sh run > /tmp/suite_run.txt 2>&1
echo "suite rc=$? in $((SECONDS-start)) s" >> "$OUT/summary.txt"
cat "$OUT/summary.txt"; grep -E "^(dilate|erode|gauss3|sobel|box|copy )" "$OUT/suite.txt" | grep -E " fast |cudaMemcpy" | cut -c1-150
