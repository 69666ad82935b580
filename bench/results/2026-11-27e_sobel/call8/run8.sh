#!/usr/bin/env bash
# Session 2026-11-27e, call 8 (trial: 14110b8 + depth_trial.diff): the strip kernels' cp.async ring 8 or 2 rows deep
# (FL_DEPTH, 4 as built): strip GPU tests against the oracle with each, then same-process ratios, alternated.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
for d in 8 2; do
  FL_DEPTH=$d timeout 100 $b/gpu_tests --gtest_brief=1 --gtest_filter='*MatchesCpuOracle/gauss3_fast*:*MatchesCpuOracle/dilate*_fast*:*MatchesCpuOracle/erode*_fast*:*MatchesCpuOracle/sobel_fast*' > "$OUT/tests$d.log" 2>&1
  echo "strip gpu_tests FL_DEPTH=$d rc=$? $(grep -E '^\[  (PASSED|FAILED) +\]|^\[ variants' "$OUT/tests$d.log" | tr '\n' ' ')" >> "$OUT/summary.txt"
  gzip -9 "$OUT/tests$d.log"
done
st="--stage dilate5:variant=fast --stage erode5:variant=fast --stage sobel:variant=fast --stage gauss3:variant=fast --stage dilate3:variant=fast"
for t in 4 8 2 4 8 2; do
  echo "FL_DEPTH=$t" >> "$OUT/gray.txt"; FL_DEPTH=$t $b/filterlab bench --size 8192x8192 --format gray8 $st --repeat 30 >> "$OUT/gray.txt" 2>&1
  echo "FL_DEPTH=$t" >> "$OUT/rgba.txt"; FL_DEPTH=$t $b/filterlab bench --size 8192x8192 --format rgba8 --stage gauss3:variant=fast --stage dilate3:variant=fast --stage dilate5:variant=fast --repeat 30 >> "$OUT/rgba.txt" 2>&1
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
