#!/usr/bin/env bash
# Session 2026-11-27b, call 3: dilate5 trials selected by FL_MORPH_X (0: paired rows + 3-combination rows,
# 1: the same allowed 128 registers, 2: 3-combination rows + window, 3: the kernel as before + IMAD interleave).
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
[ -d .gpu/bin ] && rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
for X in 0 1 2 3; do
  FL_MORPH_X=$X timeout 100 $b/gpu_tests --gtest_brief=1 --gtest_filter='*dilate5_fast*:*erode5_fast*:*dilate3_fast*:*erode3_fast*' > "$OUT/tests_$X.log" 2>&1
  echo "X=$X gpu_tests rc=$? $(grep -E '^\[  (PASSED|FAILED) +\]' "$OUT/tests_$X.log" | tr '\n' ' ')" >> "$OUT/summary.txt"
done
for X in 3 0 1 2 3 0; do
  st=""; for p in 4 8 16; do st="$st --stage dilate5:variant=fast:ppt=$p"; done
  FL_MORPH_X=$X $b/filterlab bench --size 8192x8192 --format gray8 $st --stage dilate3:variant=fast --repeat 30 2>&1 | sed "s/^/X=$X /" >> "$OUT/bench.txt"
  FL_MORPH_X=$X $b/filterlab bench --size 8192x8192 --format rgba8 --stage dilate5:variant=fast:ppt=8 --stage dilate5:variant=fast:ppt=16 --stage dilate3:variant=fast --repeat 30 2>&1 | sed "s/^/X=$X /" >> "$OUT/bench.txt"
done
cuobjdump -sass $b/filterlab > /tmp/sass_all.txt 2>/dev/null
python3 - > "$OUT/sass_hist.txt" <<'PY'
import re, collections
cur=None; hist={}
for l in open('/tmp/sass_all.txt'):
    m=re.match(r'\s+Function : (\S+)', l)
    if m: cur=m.group(1); continue
    if cur and 'MorphStencil' in cur:
        m=re.match(r'\s+/\*[0-9a-f]{4}\*/\s+(@!?U?P\w+\s+)?([A-Z][\w.]*)', l)
        if m: hist.setdefault(cur, collections.Counter())[m.group(2).split('.')[0]] += 1
for f,h in hist.items():
    print(f, sum(h.values()), dict(h.most_common(14)))
PY
cat "$OUT/summary.txt"; grep -E "dilate" "$OUT/bench.txt" | awk '{print $1,$2,$3,$5,$6,$7,$(NF-3),$NF}'
