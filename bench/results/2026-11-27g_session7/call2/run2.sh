#!/usr/bin/env bash
# Session 2026-11-27g, call 2 (trial: FL_CASCADE=N for gray8 5x5 morphology, FL_TAILDIV=D for the tail strips):
#   0 the kernel as committed (a ring of 5 row results, 80 registers, 6 blocks of 128 per SM)
#   1 5x5 as two 3-row steps (out j = max(V(j+1), V(j+3)), V = max of 3 row results): 4 rows of state, 78 registers
#   2 the same capped at 72 registers (7 blocks of 128 per SM; 12 bytes spilled)
#   3 the committed ring capped at 72 (40 bytes spilled)
#   4 two 3-row steps capped at 64 (8 blocks; 80 bytes spilled)
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
for c in 1 2 4; do
  FL_CASCADE=$c timeout 120 $b/gpu_tests --gtest_brief=1 --gtest_filter='*/dilate5_fast*:*/erode5_fast*:*StripTail*' > "$OUT/tests$c.log" 2>&1
  echo "FL_CASCADE=$c gpu_tests rc=$? $(grep -E '^\[  (PASSED|FAILED) +\]|^\[ variants' "$OUT/tests$c.log" | tr '\n' ' ')" >> "$OUT/summary.txt"
  gzip -9 "$OUT/tests$c.log"
done
for round in 1 2 3 4; do for m in "0 4" "1 4" "2 4" "3 4" "4 4" "0 2" "2 2"; do set -- $m
  echo "FL_CASCADE=$1 FL_TAILDIV=$2" >> "$OUT/m5.txt"
  FL_CASCADE=$1 FL_TAILDIV=$2 $b/filterlab bench --size 8192x8192 --format gray8 --stage dilate5:variant=fast --stage erode5:variant=fast --repeat 30 >> "$OUT/m5.txt" 2>&1
done; done
for m in "0 4" "2 4"; do set -- $m
  echo "FL_CASCADE=$1 FL_TAILDIV=$2 4096" >> "$OUT/m5.txt"
  FL_CASCADE=$1 FL_TAILDIV=$2 $b/filterlab bench --size 4096x4096 --format gray8 --stage dilate5:variant=fast --stage erode5:variant=fast --repeat 30 >> "$OUT/m5.txt" 2>&1
  echo "FL_CASCADE=$1 FL_TAILDIV=$2 16384" >> "$OUT/m5.txt"
  FL_CASCADE=$1 FL_TAILDIV=$2 $b/filterlab bench --size 16384x16384 --format gray8 --stage dilate5:variant=fast --stage erode5:variant=fast --repeat 30 >> "$OUT/m5.txt" 2>&1
done
python3 - "$OUT/m5.txt" <<'PY' >> "$OUT/summary.txt"
import sys
cur=None; tab={}
for l in open(sys.argv[1]):
    if l.startswith('FL_'): cur=l.strip(); continue
    if l.startswith(('copy','filter','device')) or cur is None or len(l.split())<5: continue
    try: v=float(l.split()[-1])
    except: continue
    tab.setdefault(l.split()[0]+' | '+cur, []).append(v)
for k,v in sorted(tab.items()): print(k, ' '.join('%.1f'%x for x in v), ' mean %.1f' % (sum(v)/len(v)))
PY
cat "$OUT/summary.txt"
