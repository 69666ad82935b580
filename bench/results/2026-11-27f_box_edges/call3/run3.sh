#!/usr/bin/env bash
# Session 2026-11-27f, call 3 (trial: e01d03a + wave_trial.diff): FL_WAVE=N gives the strip stencils equal strips
# with as many rows as make N waves of resident blocks (no tail strips); FL_LEAN=1 the lean prefetch ring. GPU tests
# with FL_WAVE=1, then alternated same-process ratios at 8192, 4096 and 16384.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
start=$SECONDS
FL_WAVE=1 timeout 200 $b/gpu_tests --gtest_brief=1 --gtest_filter='*/gauss3_fast*:*/dilate*_fast*:*/erode*_fast*:*/sobel_fast*' > "$OUT/tests.log" 2>&1
echo "strip gpu_tests FL_WAVE=1 rc=$? in $((SECONDS-start)) s $(grep -E '^\[  (PASSED|FAILED) +\]|^\[ variants' "$OUT/tests.log" | tr '\n' ' ')" >> "$OUT/summary.txt"
gzip -9 "$OUT/tests.log"
st="--stage dilate5:variant=fast --stage erode5:variant=fast --stage sobel:variant=fast --stage gauss3:variant=fast --stage dilate3:variant=fast"
for round in 1 2 3; do for m in "0 0" "1 0" "2 0" "1 1"; do set -- $m
  echo "FL_WAVE=$1 FL_LEAN=$2" >> "$OUT/gray.txt"; FL_WAVE=$1 FL_LEAN=$2 $b/filterlab bench --size 8192x8192 --format gray8 $st --repeat 30 >> "$OUT/gray.txt" 2>&1
  echo "FL_WAVE=$1 FL_LEAN=$2" >> "$OUT/rgba.txt"; FL_WAVE=$1 FL_LEAN=$2 $b/filterlab bench --size 8192x8192 --format rgba8 --stage gauss3:variant=fast --stage dilate3:variant=fast --stage dilate5:variant=fast --repeat 30 >> "$OUT/rgba.txt" 2>&1
done; done
for round in 1 2; do for m in 0 1 2; do
  echo "FL_WAVE=$m" >> "$OUT/g4096.txt"; FL_WAVE=$m $b/filterlab bench --size 4096x4096 --format gray8 $st --repeat 50 >> "$OUT/g4096.txt" 2>&1
  echo "FL_WAVE=$m" >> "$OUT/g16384.txt"; FL_WAVE=$m $b/filterlab bench --size 16384x16384 --format gray8 $st --repeat 20 >> "$OUT/g16384.txt" 2>&1
done; done
for f in gray rgba g4096 g16384; do
echo "== $f" >> "$OUT/summary.txt"
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
cat "$OUT/summary.txt"
