#!/usr/bin/env bash
# Session 2026-11-27e, call 7 (trial: 14110b8 + bulk_trial.diff): the strip kernels' rows through a per-warp bulk-copy
# ring (FL_BULK=1: cp.async.bulk and an mbarrier per slot, cuda/filters/bulk_row_pipe.cuh) against the per-lane
# cp.async ring: strip GPU tests and memcheck with it, then same-process ratios, alternated.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
start=$SECONDS
FL_BULK=1 timeout 150 $b/gpu_tests --gtest_brief=1 --gtest_filter='*/gauss3_fast*:*/dilate*_fast*:*/erode*_fast*:*/sobel_fast*:*StripTail*' > "$OUT/tests.log" 2>&1
echo "strip gpu_tests FL_BULK=1 rc=$? in $((SECONDS-start)) s $(grep -E '^\[  (PASSED|FAILED) +\]|^\[ variants' "$OUT/tests.log" | tr '\n' ' ')" >> "$OUT/summary.txt"
grep -E "FAILED|Failure|mismatch" "$OUT/tests.log" | head -20 >> "$OUT/summary.txt"
gzip -9 "$OUT/tests.log"
FL_BULK=1 timeout 120 compute-sanitizer --tool memcheck --error-exitcode 9 $b/gpu_tests --gtest_brief=1 --gtest_filter='*StripTail*/dilate5_gray8_odd:*StripTail*/sobel_gray8_odd:*StripTail*/dilate5_rgba8_default:*/dilate5_fast_gray8_17x13*' > "$OUT/memcheck.log" 2>&1
echo "memcheck FL_BULK=1 rc=$? $(grep -E 'ERROR SUMMARY|^\[  (PASSED|FAILED) +\]' "$OUT/memcheck.log" | tr '\n' ' ')" >> "$OUT/summary.txt"
FL_BULK=1 timeout 120 compute-sanitizer --tool racecheck --error-exitcode 9 $b/gpu_tests --gtest_brief=1 --gtest_filter='*StripTail*/dilate5_gray8_odd:*/sobel_fast_gray8_17x13*' > "$OUT/racecheck.log" 2>&1
echo "racecheck FL_BULK=1 rc=$? $(grep -E 'RACECHECK SUMMARY|ERROR SUMMARY|^\[  (PASSED|FAILED) +\]' "$OUT/racecheck.log" | tr '\n' ' ')" >> "$OUT/summary.txt"
gzip -9 "$OUT/memcheck.log" "$OUT/racecheck.log"
st="--stage dilate5:variant=fast --stage erode5:variant=fast --stage sobel:variant=fast --stage gauss3:variant=fast --stage dilate3:variant=fast"
for t in 0 1 0 1 0 1; do
  echo "FL_BULK=$t" >> "$OUT/gray.txt"; FL_BULK=$t $b/filterlab bench --size 8192x8192 --format gray8 $st --repeat 30 >> "$OUT/gray.txt" 2>&1
  echo "FL_BULK=$t" >> "$OUT/rgba.txt"; FL_BULK=$t $b/filterlab bench --size 8192x8192 --format rgba8 --stage gauss3:variant=fast --stage dilate3:variant=fast --stage dilate5:variant=fast --repeat 30 >> "$OUT/rgba.txt" 2>&1
done
for f in gray rgba; do
python3 - "$OUT/$f.txt" <<'PY' >> "$OUT/summary.txt"
import sys
cur=None; tab={}
for l in open(sys.argv[1]):
    if l.startswith('FL_'): cur=l.strip(); continue
    if l.startswith(('copy','filter','device')) or cur is None or len(l.split())<5: continue
    try: v=float(l.split()[-1])
    except: continue
    tab.setdefault(l.split()[0]+' '+cur, []).append(v)
for k,v in sorted(tab.items()): print(k, ' '.join('%.1f'%x for x in v))
PY
done
cat "$OUT/summary.txt"
