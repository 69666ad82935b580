#!/usr/bin/env bash
# Session 2026-11-27e, call 4 (6a36438 + box_tail_trial.diff: box fast's first rows unrolled, as to be committed, and
# FL_BOXTAIL=1 giving box the strip kernels' tail strips): box GPU tests both ways; box by radius and rows per thread,
# tail on and off, alternated.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
for t in 0 1; do
  FL_BOXTAIL=$t timeout 100 $b/gpu_tests --gtest_brief=1 --gtest_filter='*/box_fast*' > "$OUT/tests_box$t.log" 2>&1
  echo "box gpu_tests FL_BOXTAIL=$t rc=$? $(grep -E '^\[  (PASSED|FAILED) +\]|^\[ variants' "$OUT/tests_box$t.log" | tr '\n' ' ')" >> "$OUT/summary.txt"
  gzip -9 "$OUT/tests_box$t.log"
done
for t in 0 1 0 1; do
  st=""; for r in 3 4 5 7; do for p in 8 12 16 20; do st="$st --stage box:variant=fast:radius=$r:ppt=$p"; done; done
  echo "FL_BOXTAIL=$t" >> "$OUT/box.txt"; FL_BOXTAIL=$t $b/filterlab bench --size 8192x8192 --format gray8 $st --repeat 30 >> "$OUT/box.txt" 2>&1
done
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
