#!/usr/bin/env bash
# Session 2026-11-27e, call 2 (trial build on aee540c, diff trial_ring_opaque.diff): the strip loop's window as a ring
# (FL_RING=1: no register moves) and sobel's exponent word in a register (FL_OPAQUE=1, 2 with 128 registers; 3 =
# 128 registers alone), same-process ratios to a copy, alternated; strip GPU tests with both; ncu source counters.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
for round in 1 2; do for r in 0 1; do for o in 0 1 2 3; do
  echo "FL_RING=$r FL_OPAQUE=$o" >> "$OUT/sobel.txt"
  FL_RING=$r FL_OPAQUE=$o $b/filterlab bench --size 8192x8192 --format gray8 --stage sobel:variant=fast --repeat 30 >> "$OUT/sobel.txt" 2>&1
done; done; done
st="--stage dilate5:variant=fast --stage erode5:variant=fast --stage dilate3:variant=fast --stage erode3:variant=fast --stage gauss3:variant=fast"
for r in 0 1 0 1 0 1; do
  echo "FL_RING=$r" >> "$OUT/gray.txt"; FL_RING=$r $b/filterlab bench --size 8192x8192 --format gray8 $st --repeat 30 >> "$OUT/gray.txt" 2>&1
  echo "FL_RING=$r" >> "$OUT/rgba.txt"; FL_RING=$r $b/filterlab bench --size 8192x8192 --format rgba8 --stage gauss3:variant=fast --stage dilate3:variant=fast --stage dilate5:variant=fast --repeat 30 >> "$OUT/rgba.txt" 2>&1
done
for f in sobel gray rgba; do
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
start=$SECONDS
FL_RING=1 FL_OPAQUE=2 timeout 150 $b/gpu_tests --gtest_brief=1 --gtest_filter='*/gauss3_fast*:*/dilate*_fast*:*/erode*_fast*:*/sobel_fast*:*StripTail*' > "$OUT/tests.log" 2>&1
echo "strip gpu_tests ring+opaque2 rc=$? in $((SECONDS-start)) s $(grep -E '^\[  (PASSED|FAILED) +\]|^\[ variants' "$OUT/tests.log" | tr '\n' ' ')" >> "$OUT/summary.txt"
FL_RING=1 FL_OPAQUE=1 timeout 100 $b/gpu_tests --gtest_brief=1 --gtest_filter='*/sobel_fast*:*StripTail*sobel*' > "$OUT/tests1.log" 2>&1
echo "sobel gpu_tests ring+opaque1 rc=$? $(grep -E '^\[  (PASSED|FAILED) +\]|^\[ variants' "$OUT/tests1.log" | tr '\n' ' ')" >> "$OUT/summary.txt"
gzip -9 "$OUT/tests.log" "$OUT/tests1.log"
for cfg in "sobel:variant=fast 1 2" "dilate5:variant=fast 1 0"; do set -- $cfg
  n=${1%%:*}
  FL_RING=$2 FL_OPAQUE=$3 timeout 60 ncu --section SourceCounters --import-source no --page source --print-source sass -c 1 \
    -k "regex:StripKernel" $b/filterlab bench --size 8192x8192 --format gray8 --stage $1 --repeat 1 --warmup 0 > "$OUT/${n}_ring_sass.txt" 2>&1
  echo "ncu $n rc=$?" >> "$OUT/summary.txt"; gzip -9 "$OUT/${n}_ring_sass.txt"
done
cat "$OUT/summary.txt"
