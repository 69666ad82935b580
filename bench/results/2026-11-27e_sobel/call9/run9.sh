#!/usr/bin/env bash
# Session 2026-11-27e, call 9 (trial: f11b06f + regs_boxtail_trial.diff): dilate5 / erode5 / sobel with other register
# caps for 128-thread blocks (FL_REGS=72: 7 blocks per SM, spilling; 80: as built but capped for 128 threads; 96:
# 5 blocks, no spill; 0: as built), and box fast with the tail strips at radius 1-3 (FL_BOXTAIL=1), alternated.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
FL_REGS=72 timeout 100 $b/gpu_tests --gtest_brief=1 --gtest_filter='*MatchesCpuOracle/dilate5_fast*:*MatchesCpuOracle/erode5_fast*:*MatchesCpuOracle/sobel_fast*' > "$OUT/tests72.log" 2>&1
echo "gpu_tests FL_REGS=72 rc=$? $(grep -E '^\[  (PASSED|FAILED) +\]|^\[ variants' "$OUT/tests72.log" | tr '\n' ' ')" >> "$OUT/summary.txt"
gzip -9 "$OUT/tests72.log"
st="--stage dilate5:variant=fast --stage erode5:variant=fast --stage sobel:variant=fast"
for t in 0 72 80 96 0 72 80 96; do
  echo "FL_REGS=$t" >> "$OUT/regs.txt"; FL_REGS=$t $b/filterlab bench --size 8192x8192 --format gray8 $st --repeat 30 >> "$OUT/regs.txt" 2>&1
done
for t in 0 1 0 1; do
  st=""; for r in 1 2 3; do for p in 8 12 16 20; do st="$st --stage box:variant=fast:radius=$r:ppt=$p"; done; done
  echo "FL_BOXTAIL=$t" >> "$OUT/box.txt"; FL_BOXTAIL=$t $b/filterlab bench --size 8192x8192 --format gray8 $st --repeat 30 >> "$OUT/box.txt" 2>&1
done
python3 - "$OUT/regs.txt" <<'PY' >> "$OUT/summary.txt"
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
python3 - "$OUT/box.txt" <<'PY' >> "$OUT/summary.txt"
import sys
cur=None; tab={}
for l in open(sys.argv[1]):
    if l.startswith('FL_'): cur=l.strip(); continue
    if not l.startswith('box') or cur is None: continue
    f=l.split(); key=f[1]+' '+l[l.index('ppt'):l.index('ppt')+6].strip(', ')
    tab.setdefault(key+' | '+cur, []).append(float(f[-1]))
for k,v in sorted(tab.items()): print(k, ' '.join('%.1f'%x for x in v))
PY
cat "$OUT/summary.txt"
