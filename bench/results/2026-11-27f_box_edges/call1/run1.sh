#!/usr/bin/env bash
# Session 2026-11-27f, call 1 (trial: e01d03a + lean_trial.diff): FL_LEAN=1 gives the strip kernels a prefetch ring
# whose per-thread facts (source column pointer, edge lane, fast or slow fetch) are worked out once, the edge
# chunk as one predicated cp.async, and the store from a column pointer. Strip GPU tests with it, then alternated
# same-process ratios, then the executed SASS of dilate5 and sobel with it.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
start=$SECONDS
FL_LEAN=1 timeout 200 $b/gpu_tests --gtest_brief=1 --gtest_filter='*/gauss3_fast*:*/dilate*_fast*:*/erode*_fast*:*/sobel_fast*:*StripTail*' > "$OUT/tests.log" 2>&1
echo "strip gpu_tests FL_LEAN=1 rc=$? in $((SECONDS-start)) s $(grep -E '^\[  (PASSED|FAILED) +\]|^\[ variants' "$OUT/tests.log" | tr '\n' ' ')" >> "$OUT/summary.txt"
gzip -9 "$OUT/tests.log"
st="--stage dilate5:variant=fast --stage erode5:variant=fast --stage sobel:variant=fast --stage gauss3:variant=fast --stage dilate3:variant=fast"
for t in 0 1 0 1 0 1; do
  echo "FL_LEAN=$t" >> "$OUT/gray.txt"; FL_LEAN=$t $b/filterlab bench --size 8192x8192 --format gray8 $st --repeat 30 >> "$OUT/gray.txt" 2>&1
  echo "FL_LEAN=$t" >> "$OUT/rgba.txt"; FL_LEAN=$t $b/filterlab bench --size 8192x8192 --format rgba8 --stage gauss3:variant=fast --stage dilate3:variant=fast --stage dilate5:variant=fast --repeat 30 >> "$OUT/rgba.txt" 2>&1
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
for n in dilate5 sobel; do
  FL_LEAN=1 timeout 60 ncu --section SourceCounters --import-source no --page source --print-source sass -c 1 \
    -k "regex:StripKernel" $b/filterlab bench --size 8192x8192 --format gray8 --stage $n:variant=fast --repeat 1 --warmup 0 > "$OUT/${n}_lean_sass.txt" 2>&1
  echo "ncu $n rc=$?" >> "$OUT/summary.txt"; gzip -9 "$OUT/${n}_lean_sass.txt"
done
cat "$OUT/summary.txt"
