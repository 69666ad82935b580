#!/usr/bin/env bash
# Session 2026-11-27g, call 3 (the session's kernel changes: 5x5 morphology's tail strips half as long, sobel on
# the lean prefetch ring): every GPU test, the interop and frame UI tests, memcheck and racecheck over sobel and
# the tail-strip tests, the new build against the old one (.gpu/old: the call-2 trial build run without its
# switches, i.e. the kernels as at c2502c9) alternated by process, three rounds, then the suite and peers.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin .gpu/old; tar xJf .gpu/bin.tar.xz -C .gpu; mkdir -p .gpu/oldx && tar xJf .gpu/old.tar.xz -C .gpu/oldx && mv .gpu/oldx/bin .gpu/old
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
$b/filterlab list >/dev/null 2>&1; $b/filterlab bench --size 64x64 --format gray8 --stage invert:variant=vec4 --repeat 1 2>&1 | grep commit >> "$OUT/summary.txt"
start=$SECONDS
timeout 330 $b/gpu_tests --gtest_brief=1 > "$OUT/gpu_tests.log" 2>&1; echo "gpu_tests rc=$? in $((SECONDS-start)) s" >> "$OUT/summary.txt"
grep -E '^\[ (variants)' "$OUT/gpu_tests.log" >> "$OUT/summary.txt"
grep -E '^\[  (PASSED|FAILED|SKIPPED)' "$OUT/gpu_tests.log" | head -20 >> "$OUT/summary.txt"
gzip -9 "$OUT/gpu_tests.log"
FILTERLAB_EXE=$b/filterlab timeout 100 $b/ui_tests --gtest_brief=1 --gtest_filter='*SharedTexture*:Screenshot.*CudaInterop*:Screenshot.WholeFrame*:Ab*:MeasureFrames*' > /tmp/ui.log 2>&1; echo "ui_tests rc=$?" >> "$OUT/summary.txt"
grep -E '^\[  (PASSED|FAILED|SKIPPED)' /tmp/ui.log >> "$OUT/summary.txt"
for tool in memcheck racecheck; do
  start=$SECONDS
  timeout 120 compute-sanitizer --tool $tool --error-exitcode 9 $b/gpu_tests --gtest_brief=1 --gtest_filter='*StripTail*/dilate5_gray8_*:*StripTail*/erode5_gray8_odd:*StripTail*/sobel_*:*/sobel_fast_gray8_1023x769_b32x4*:*/sobel_fast_gray8_17x13*:*/sobel_fast_gray8_1x1*' > "$OUT/$tool.log" 2>&1
  echo "$tool rc=$? in $((SECONDS-start)) s $(grep -E 'ERROR SUMMARY|^\[  (PASSED|FAILED) +\]' "$OUT/$tool.log" | tr '\n' ' ')" >> "$OUT/summary.txt"
  gzip -9 "$OUT/$tool.log"
done
st="--stage sobel:variant=fast --stage dilate5:variant=fast --stage erode5:variant=fast --stage gauss3:variant=fast --stage dilate3:variant=fast"
for round in 1 2 3; do for which in old new; do
  bin=$b; [ $which = old ] && bin=.gpu/old
  echo "BUILD=$which" >> "$OUT/ab.txt"; $bin/filterlab bench --size 8192x8192 --format gray8 $st --repeat 30 >> "$OUT/ab.txt" 2>&1
  echo "BUILD=$which rgba8" >> "$OUT/ab.txt"; $bin/filterlab bench --size 8192x8192 --format rgba8 --stage dilate5:variant=fast --stage erode5:variant=fast --repeat 30 >> "$OUT/ab.txt" 2>&1
done; done
python3 - "$OUT/ab.txt" <<'PY' >> "$OUT/summary.txt"
import sys
cur=None; tab={}
for l in open(sys.argv[1]):
    if l.startswith('BUILD='): cur=l.strip(); continue
    if l.startswith(('copy','filter','device')) or cur is None or len(l.split())<5: continue
    try: v=float(l.split()[-1])
    except: continue
    tab.setdefault(l.split()[0]+' | '+cur, []).append(v)
for k,v in sorted(tab.items()): print(k, ' '.join('%.1f'%x for x in v), ' mean %.1f' % (sum(v)/len(v)))
PY
start=$SECONDS
bash bench/run_suite.sh run > /tmp/suite_run.txt 2>&1
echo "suite rc=$? in $((SECONDS-start)) s" >> "$OUT/summary.txt"
cat "$OUT/summary.txt"; grep -E "^(dilate|erode|gauss3|gauss |sobel|box|copy |warp)" "$OUT/suite.txt" | grep -E " fast | tensor |cudaMemcpy" | cut -c1-150
