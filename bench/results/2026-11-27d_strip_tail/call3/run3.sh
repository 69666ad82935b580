#!/usr/bin/env bash
# Session 2026-11-27d, call 3 (the same trial build as call 2): guide settings by rows per thread.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
st=""
for f in dilate5 sobel gauss3 dilate3; do for p in 8 12 16; do st="$st --stage $f:variant=fast:ppt=$p"; done; done
for g in "" 1:4 0.5:4 0.25:4 1:3 0.5:2 "" 1:4 0.5:4; do
  echo "FL_GUIDE=$g" >> "$OUT/bench.txt"
  FL_GUIDE=$g $b/filterlab bench --size 8192x8192 --format gray8 $st --repeat 30 >> "$OUT/bench.txt" 2>&1
done
for g in 1:4 0.5:4; do
  FL_GUIDE=$g FL_TRACE="$OUT/trace_dilate5_p12_${g/:/_}.txt" $b/filterlab bench --size 8192x8192 --format gray8 --stage dilate5:variant=fast:ppt=12 --repeat 1 --warmup 2 > /dev/null 2>&1
done
FL_TRACE="$OUT/trace_dilate5_p12.txt" $b/filterlab bench --size 8192x8192 --format gray8 --stage dilate5:variant=fast:ppt=12 --repeat 1 --warmup 2 > /dev/null 2>&1
gzip -9 "$OUT"/trace_*.txt
cat "$OUT/summary.txt"
python3 - "$OUT/bench.txt" <<'PY'
import sys, re
cur=None; tab={}
for l in open(sys.argv[1]):
    if l.startswith('FL_GUIDE='): cur=l.strip().split('=',1)[1] or 'none'; continue
    m=re.match(r'^(\S+)\s.*ppt (\d+).*\s([\d.]+)\s*$', l)
    if m and not l.startswith('copy') and cur is not None:
        tab.setdefault((m.group(1), m.group(2)), []).append((cur, float(l.split()[-1])))
for k,v in tab.items(): print(k[0], 'ppt', k[1], ' '.join('%s=%.1f'%x for x in v))
PY
