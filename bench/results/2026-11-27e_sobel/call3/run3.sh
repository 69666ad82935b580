#!/usr/bin/env bash
# Session 2026-11-27e, call 3 (6a36438 + box_unroll_trial.diff): strip GPU tests and memcheck of 6a36438's ring and
# exponent word; rows per thread for dilate5 / erode5 / sobel with them; box fast with its first rows unrolled
# (FL_BOXU=1) against as built, by rows per thread, alternated.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
start=$SECONDS
timeout 150 $b/gpu_tests --gtest_brief=1 --gtest_filter='*/gauss3_fast*:*/dilate*_fast*:*/erode*_fast*:*/sobel_fast*:*StripTail*:*SobelMagnitude*' > "$OUT/tests.log" 2>&1
echo "strip gpu_tests rc=$? in $((SECONDS-start)) s $(grep -E '^\[  (PASSED|FAILED) +\]|^\[ variants' "$OUT/tests.log" | tr '\n' ' ')" >> "$OUT/summary.txt"
FL_BOXU=1 timeout 100 $b/gpu_tests --gtest_brief=1 --gtest_filter='*/box_fast*' > "$OUT/tests_box.log" 2>&1
echo "box gpu_tests FL_BOXU=1 rc=$? $(grep -E '^\[  (PASSED|FAILED) +\]|^\[ variants' "$OUT/tests_box.log" | tr '\n' ' ')" >> "$OUT/summary.txt"
gzip -9 "$OUT/tests.log" "$OUT/tests_box.log"
start=$SECONDS
timeout 90 compute-sanitizer --tool memcheck --error-exitcode 9 $b/gpu_tests --gtest_brief=1 --gtest_filter='*StripTail*/dilate5_gray8_odd:*StripTail*/sobel_gray8_odd:*StripTail*/dilate5_rgba8_default' > "$OUT/memcheck.log" 2>&1
echo "memcheck rc=$? in $((SECONDS-start)) s $(grep -E 'ERROR SUMMARY|^\[  (PASSED|FAILED) +\]' "$OUT/memcheck.log" | tr '\n' ' ')" >> "$OUT/summary.txt"
gzip -9 "$OUT/memcheck.log"
for round in 1 2; do
  st=""; for p in 12 16 20 24 32; do st="$st --stage dilate5:variant=fast:ppt=$p --stage erode5:variant=fast:ppt=$p --stage sobel:variant=fast:ppt=$p"; done
  echo "FL_X=gray$round" >> "$OUT/ppt.txt"; $b/filterlab bench --size 8192x8192 --format gray8 $st --repeat 30 >> "$OUT/ppt.txt" 2>&1
  st=""; for p in 8 12 16 20; do st="$st --stage dilate5:variant=fast:ppt=$p"; done
  echo "FL_X=rgba$round" >> "$OUT/ppt.txt"; $b/filterlab bench --size 8192x8192 --format rgba8 $st --repeat 30 >> "$OUT/ppt.txt" 2>&1
done
for u in 0 1 0 1; do
  st=""; for r in 3 4 7 16; do for p in 8 12 16; do st="$st --stage box:variant=fast:radius=$r:ppt=$p"; done; st="$st --stage box:variant=fast:radius=$r"; done
  echo "FL_BOXU=$u" >> "$OUT/box.txt"; FL_BOXU=$u $b/filterlab bench --size 8192x8192 --format gray8 $st --repeat 30 >> "$OUT/box.txt" 2>&1
done
for f in ppt box; do
python3 - "$OUT/$f.txt" <<'PY' >> "$OUT/summary.txt"
import sys
cur=None; tab={}
for l in open(sys.argv[1]):
    if l.startswith('FL_'): cur=l.strip(); continue
    if l.startswith(('copy','filter','device')) or cur is None or len(l.split())<5: continue
    try: v=float(l.split()[-1])
    except: continue
    f=l.split(); key=' '.join(f[:2])+' '+l[l.index('block'):l.index('block')+30].strip() if 'block' in l else f[0]
    tab.setdefault(key+' | '+cur.split('=')[0]+'='+cur.split('=')[1].rstrip('12') if cur.startswith('FL_X') else key+' | '+cur, []).append(v)
for k,v in sorted(tab.items()): print(k, ' '.join('%.1f'%x for x in v))
PY
done
cat "$OUT/summary.txt"
