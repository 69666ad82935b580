#!/usr/bin/env bash
# Session 2026-11-27f, call 2 (trial: e01d03a + apron_trial.diff): FL_LEAN=1 the lean prefetch ring; FL_APRON=1
# overlapping warps for the strip stencils (a warp's end lanes are apron only, no edge fetches). GPU tests of the
# strip stencils with apron and apron + lean, then the four modes alternated, same-process ratios.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
for l in 0 1; do
  start=$SECONDS
  FL_APRON=1 FL_LEAN=$l timeout 200 $b/gpu_tests --gtest_brief=1 --gtest_filter='*/gauss3_fast*:*/dilate*_fast*:*/erode*_fast*:*/sobel_fast*:*StripTail*:*Overlay*' > "$OUT/tests$l.log" 2>&1
  echo "strip gpu_tests FL_APRON=1 FL_LEAN=$l rc=$? in $((SECONDS-start)) s $(grep -E '^\[  (PASSED|FAILED) +\]|^\[ variants' "$OUT/tests$l.log" | tr '\n' ' ')" >> "$OUT/summary.txt"
  gzip -9 "$OUT/tests$l.log"
done
st="--stage dilate5:variant=fast --stage erode5:variant=fast --stage sobel:variant=fast --stage gauss3:variant=fast --stage dilate3:variant=fast"
for round in 1 2 3; do for m in "0 0" "0 1" "1 0" "1 1"; do set -- $m
  echo "FL_APRON=$1 FL_LEAN=$2" >> "$OUT/gray.txt"; FL_APRON=$1 FL_LEAN=$2 $b/filterlab bench --size 8192x8192 --format gray8 $st --repeat 30 >> "$OUT/gray.txt" 2>&1
  echo "FL_APRON=$1 FL_LEAN=$2" >> "$OUT/rgba.txt"; FL_APRON=$1 FL_LEAN=$2 $b/filterlab bench --size 8192x8192 --format rgba8 --stage gauss3:variant=fast --stage dilate3:variant=fast --stage dilate5:variant=fast --repeat 30 >> "$OUT/rgba.txt" 2>&1
done; done
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
for k,v in sorted(tab.items()): print(k, ' '.join('%.1f'%x for x in v), ' mean %.1f' % (sum(v)/len(v)))
PY
done
grep -m3 "launch\|block" "$OUT/gray.txt" | head -3 >> "$OUT/summary.txt"
cat "$OUT/summary.txt"
