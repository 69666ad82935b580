#!/usr/bin/env bash
# Session 2026-11-27f, call 4 (trial: e01d03a + boxalign_ilv_trial.diff): FL_BOXALIGN=1 box fast with aligned warps
# and every lane writing (an upper bound only: wrong at the warps' edges); FL_ILV=1 morphology packs its output
# with one multiply-add; FL_LEAN=1 the lean ring (sobel). GPU tests of morphology with FL_ILV=1, then alternated
# same-process ratios.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
FL_ILV=1 timeout 200 $b/gpu_tests --gtest_brief=1 --gtest_filter='*/dilate*_fast*:*/erode*_fast*' > "$OUT/tests.log" 2>&1
echo "morph gpu_tests FL_ILV=1 rc=$? $(grep -E '^\[  (PASSED|FAILED) +\]|^\[ variants' "$OUT/tests.log" | tr '\n' ' ')" >> "$OUT/summary.txt"
gzip -9 "$OUT/tests.log"
bx="--stage box:variant=fast:radius=1 --stage box:variant=fast:radius=2 --stage box:variant=fast:radius=3 --stage box:variant=fast:radius=4 --stage box:variant=fast:radius=8 --stage box:variant=fast:radius=16"
mo="--stage dilate5:variant=fast --stage erode5:variant=fast --stage dilate3:variant=fast --stage erode3:variant=fast"
for round in 1 2 3; do for t in 0 1; do
  echo "FL_BOXALIGN=$t" >> "$OUT/box.txt"; FL_BOXALIGN=$t $b/filterlab bench --size 8192x8192 --format gray8 $bx --repeat 30 >> "$OUT/box.txt" 2>&1
  echo "FL_ILV=$t" >> "$OUT/morph.txt"; FL_ILV=$t $b/filterlab bench --size 8192x8192 --format gray8 $mo --repeat 30 >> "$OUT/morph.txt" 2>&1
  echo "FL_ILV=$t" >> "$OUT/rgba.txt"; FL_ILV=$t $b/filterlab bench --size 8192x8192 --format rgba8 --stage dilate5:variant=fast --stage dilate3:variant=fast --repeat 30 >> "$OUT/rgba.txt" 2>&1
  echo "FL_LEAN=$t" >> "$OUT/sobel.txt"; FL_LEAN=$t $b/filterlab bench --size 8192x8192 --format gray8 --stage sobel:variant=fast --repeat 30 >> "$OUT/sobel.txt" 2>&1
done; done
for f in box morph rgba sobel; do
echo "== $f" >> "$OUT/summary.txt"
python3 - "$OUT/$f.txt" <<'PY' >> "$OUT/summary.txt"
import sys
cur=None; tab={}
for l in open(sys.argv[1]):
    if l.startswith('FL_'): cur=l.strip(); continue
    if l.startswith(('copy','filter','device')) or cur is None or len(l.split())<5: continue
    try: v=float(l.split()[-1])
    except: continue
    p=l.split(); key=p[0]+(' '+p[1] if p[0]=='box' else '')
    tab.setdefault(key+' '+cur, []).append(v)
for k,v in sorted(tab.items()): print(k, ' '.join('%.1f'%x for x in v), ' mean %.1f' % (sum(v)/len(v)))
PY
done
grep -m8 "^box" "$OUT/box.txt" >> "$OUT/summary.txt"
cat "$OUT/summary.txt"
