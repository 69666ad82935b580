#!/usr/bin/env bash
# Session 2026-11-27f, call 5 (trial: e01d03a + boxedge1_trial.diff): box fast up to radius 7 with aligned warps whose
# end lanes fetch the chunks beyond them (FL_BOXOLD=1: the overlapping warps as committed). Box GPU tests and the
# tail-strip test, then alternated same-process ratios at radius 1-8.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
timeout 200 $b/gpu_tests --gtest_brief=1 --gtest_filter='*/box_fast*:*StripTail*:*Box*' > "$OUT/tests.log" 2>&1
echo "box gpu_tests rc=$? $(grep -E '^\[  (PASSED|FAILED) +\]|^\[ variants' "$OUT/tests.log" | tr '\n' ' ')" >> "$OUT/summary.txt"
grep -E "FAILED|Failure" "$OUT/tests.log" | head -20 >> "$OUT/summary.txt"
gzip -9 "$OUT/tests.log"
bx=""; for r in 1 2 3 4 5 6 7 8; do bx="$bx --stage box:variant=fast:radius=$r"; done
for round in 1 2 3; do for t in 0 1; do
  echo "FL_BOXOLD=$t" >> "$OUT/box.txt"; FL_BOXOLD=$t $b/filterlab bench --size 8192x8192 --format gray8 $bx --repeat 30 >> "$OUT/box.txt" 2>&1
done; done
echo "== box" >> "$OUT/summary.txt"
python3 - "$OUT/box.txt" <<'PY' >> "$OUT/summary.txt"
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
grep -m9 "^box" "$OUT/box.txt" >> "$OUT/summary.txt"
cat "$OUT/summary.txt"
