#!/usr/bin/env bash
# Session 2026-11-27d, call 5 (trial build: StripTiers in production form, FL_TAIL=0 turns the tail off for an A/B in
# one build): GPU tests of the strip, box, half2 and gray kernels and the new tiers test; bench by rows per thread,
# tail on and off.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
start=$SECONDS
timeout 200 $b/gpu_tests --gtest_brief=1 --gtest_filter='*/gauss3_fast*:*/dilate*_fast*:*/erode*_fast*:*/sobel_fast*:*/box_fast*:*/gauss_half2*:*/gray_fast*:*StripTail*' > "$OUT/tests.log" 2>&1
echo "gpu_tests rc=$? in $((SECONDS-start)) s $(grep -E '^\[  (PASSED|FAILED) +\]|^\[ variants' "$OUT/tests.log" | tr '\n' ' ')" >> "$OUT/summary.txt"
grep -E "FAILED|Failure" "$OUT/tests.log" | head -20 >> "$OUT/summary.txt"
gzip -9 "$OUT/tests.log"
st=""
for f in dilate5 dilate3 gauss3 sobel; do for p in 4 8 12 16 24; do st="$st --stage $f:variant=fast:ppt=$p"; done; done
st="$st --stage box:variant=fast:radius=3 --stage box:variant=fast:radius=16 --stage gray:variant=fast"
for t in 0 "" 0 ""; do
  echo "FL_TAIL=$t" >> "$OUT/bench.txt"
  FL_TAIL=$t $b/filterlab bench --size 8192x8192 --format gray8 $st --repeat 30 >> "$OUT/bench.txt" 2>&1
done
st=""
for f in dilate5 dilate3 gauss3; do for p in 4 8 16 24; do st="$st --stage $f:variant=fast:ppt=$p"; done; done
for t in 0 "" 0 ""; do
  echo "FL_TAIL=$t" >> "$OUT/bench_rgba.txt"
  FL_TAIL=$t $b/filterlab bench --size 8192x8192 --format rgba8 $st --repeat 30 >> "$OUT/bench_rgba.txt" 2>&1
done
cat "$OUT/summary.txt"
for f in bench.txt bench_rgba.txt; do
python3 - "$OUT/$f" <<'PY'
import sys, re
cur=None; tab={}
for l in open(sys.argv[1]):
    if l.startswith('FL_TAIL='): cur=l.strip().split('=',1)[1] or 'on'; continue
    if l.startswith('copy') or cur is None or len(l.split())<5: continue
    m=re.search(r'ppt (\d+)', l)
    key=(l.split()[0]+' '+l.split()[1], m.group(1) if m else '-')
    tab.setdefault(key, []).append((cur, float(l.split()[-1])))
for k,v in tab.items(): print(k[0], 'ppt', k[1], ' '.join('%s=%.1f'%x for x in v))
PY
done
