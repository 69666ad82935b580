#!/usr/bin/env bash
# Session 2026-11-27d, call 10 (trial build on 6bb1a13: FL_ALT=1 takes the strip kernel's early return as
# end <= 0, 3c0e04d..1a3dce6's form, else y0 >= h): bench both in one build.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
st="--stage sobel:variant=fast --stage gauss3:variant=fast --stage dilate3:variant=fast --stage erode3:variant=fast --stage dilate5:variant=fast --stage erode5:variant=fast"
for t in 0 1 0 1 0 1; do
  echo "FL_ALT=$t" >> "$OUT/bench.txt"; FL_ALT=$t $b/filterlab bench --size 8192x8192 --format gray8 $st --repeat 30 >> "$OUT/bench.txt" 2>&1
  echo "FL_ALT=$t" >> "$OUT/bench_rgba.txt"; FL_ALT=$t $b/filterlab bench --size 8192x8192 --format rgba8 --stage gauss3:variant=fast --stage dilate5:variant=fast --repeat 30 >> "$OUT/bench_rgba.txt" 2>&1
done
for f in bench.txt bench_rgba.txt; do
python3 - "$OUT/$f" <<'PY'
import sys, re
cur=None; tab={}
for l in open(sys.argv[1]):
    if l.startswith('FL_ALT='): cur=l.strip().split('=',1)[1]; continue
    if l.startswith(('copy','filter','device')) or cur is None or len(l.split())<5: continue
    try: v=float(l.split()[-1])
    except: continue
    tab.setdefault(l.split()[0], []).append((cur, v))
for k,v in tab.items(): print(k, ' '.join('%s=%.1f'%x for x in v))
PY
done
