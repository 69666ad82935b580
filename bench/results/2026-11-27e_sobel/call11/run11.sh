#!/usr/bin/env bash
# Session 2026-11-27e, call 11 (trial: the last commit + boxtail_sizes_trial.diff, FL_BOXTAIL=0 turns box fast's tail
# strips off): box fast at its new defaults (radius 1-3: tail strips; 8, 16, 16 rows) with the tail on and off, and
# against the old default (8 rows, no tail), at 2048x2048, 4096x4096 and 8192x8192, alternated.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
for size in 2048x2048 4096x4096 8192x8192; do
  for t in 1 0 1 0; do
    st=""; for r in 1 2 3; do st="$st --stage box:variant=fast:radius=$r --stage box:variant=fast:radius=$r:ppt=8"; done
    echo "SIZE=$size FL_BOXTAIL=$t" >> "$OUT/box.txt"; FL_BOXTAIL=$t $b/filterlab bench --size $size --format gray8 $st --repeat 50 >> "$OUT/box.txt" 2>&1
  done
done
python3 - "$OUT/box.txt" <<'PY' >> "$OUT/summary.txt"
import sys
cur=None; tab={}
for l in open(sys.argv[1]):
    if l.startswith('SIZE='): cur=l.strip(); continue
    if not l.startswith('box') or cur is None: continue
    f=l.split(); key=cur.split()[0]+' '+f[1]+' '+l[l.index('ppt'):l.index('ppt')+6].strip(', ')
    tab.setdefault(key+' | '+cur.split()[1], []).append(float(f[-1]))
for k,v in sorted(tab.items()): print(k, ' '.join('%.1f'%x for x in v))
PY
cat "$OUT/summary.txt"
