#!/usr/bin/env bash
# Session 2026-11-27g, call 4 (trial: FL_BOXTAIL=d:max, box fast's tail strips rows / d up to radius max):
# 4:3 as committed (a quarter up to radius 3, none beyond), 2:3, 2:16 (half at every radius), 4:16.
# Box fast at radius 1-5, 7, 8, 16, three rounds alternated; 4096x4096 once; box and tail-strip GPU tests with 2:16.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
FL_BOXTAIL=2:16 timeout 150 $b/gpu_tests --gtest_brief=1 --gtest_filter='*/box_fast*:*StripTail*box*' > "$OUT/tests.log" 2>&1
echo "box gpu_tests FL_BOXTAIL=2:16 rc=$? $(grep -E '^\[  (PASSED|FAILED) +\]|^\[ variants' "$OUT/tests.log" | tr '\n' ' ')" >> "$OUT/summary.txt"
gzip -9 "$OUT/tests.log"
st=""; for r in 1 2 3 4 5 7 8 16; do st="$st --stage box:variant=fast:radius=$r"; done
for round in 1 2 3; do for m in 4:3 2:3 2:16 4:16; do
  echo "FL_BOXTAIL=$m" >> "$OUT/box.txt"; FL_BOXTAIL=$m $b/filterlab bench --size 8192x8192 --format gray8 $st --repeat 30 >> "$OUT/box.txt" 2>&1
done; done
for m in 4:3 2:16; do
  echo "FL_BOXTAIL=$m 4096" >> "$OUT/box.txt"; FL_BOXTAIL=$m $b/filterlab bench --size 4096x4096 --format gray8 $st --repeat 30 >> "$OUT/box.txt" 2>&1
done
python3 - "$OUT/box.txt" <<'PY' >> "$OUT/summary.txt"
import sys
cur=None; tab={}
for l in open(sys.argv[1]):
    if l.startswith('FL_'): cur=l.strip(); continue
    if not l.startswith('box') or cur is None: continue
    p=l.split()
    try: v=float(p[-1])
    except: continue
    tab.setdefault('box '+p[1]+' | '+cur, []).append(v)
def key(k): return (int(k.split()[1].split('=')[1]), k)
for k in sorted(tab, key=key): v=tab[k]; print(k, ' '.join('%.1f'%x for x in v), ' mean %.1f' % (sum(v)/len(v)))
PY
cat "$OUT/summary.txt"
