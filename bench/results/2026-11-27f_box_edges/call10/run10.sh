#!/usr/bin/env bash
# Session 2026-11-27f, call 10 (trial: fffcc8b + morph_ilv_tail_trial.diff): 5x5 morphology with FL_ILV=1 (its
# output packed by one multiply-add) and FL_TAILDIV=2 (tail strips half as tall instead of a quarter), the four
# combinations alternated four times, same-process ratios; morphology GPU tests with both.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
FL_ILV=1 FL_TAILDIV=2 timeout 200 $b/gpu_tests --gtest_brief=1 --gtest_filter='*/dilate5_fast*:*/erode5_fast*:*StripTail*' > "$OUT/tests.log" 2>&1
echo "morph5 gpu_tests FL_ILV=1 FL_TAILDIV=2 rc=$? $(grep -E '^\[  (PASSED|FAILED) +\]|^\[ variants' "$OUT/tests.log" | tr '\n' ' ')" >> "$OUT/summary.txt"
gzip -9 "$OUT/tests.log"
for round in 1 2 3 4; do for m in "0 4" "1 4" "0 2" "1 2"; do set -- $m
  echo "FL_ILV=$1 FL_TAILDIV=$2" >> "$OUT/m5.txt"; FL_ILV=$1 FL_TAILDIV=$2 $b/filterlab bench --size 8192x8192 --format gray8 --stage dilate5:variant=fast --stage erode5:variant=fast --repeat 30 >> "$OUT/m5.txt" 2>&1
  echo "FL_ILV=$1 FL_TAILDIV=$2" >> "$OUT/m5rgba.txt"; FL_ILV=$1 FL_TAILDIV=$2 $b/filterlab bench --size 8192x8192 --format rgba8 --stage dilate5:variant=fast --repeat 30 >> "$OUT/m5rgba.txt" 2>&1
done; done
for f in m5 m5rgba; do
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
